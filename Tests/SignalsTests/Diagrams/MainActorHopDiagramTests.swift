import Signals
import SignalsTesting
import Testing

// Diagram of the main-actor hop. The real main queue runs on wall-clock time, so a
// `TestScheduler` stands in for it through `receive(on:)`: every job it is given runs 50 ms of
// virtual time later, as if the main thread were busy drawing a frame.

/// A stand-in for the main queue: runs each job `delay` after it is scheduled, on virtual time.
private final class MainQueueStandIn: SignalScheduler {
  private let scheduler: TestScheduler
  private let delay: Duration
  /// Keeps every scheduled job's token, so the job is not cancelled before it runs.
  private let jobs = SubscriptionBag()

  init(_ scheduler: TestScheduler, delay: Duration) {
    self.scheduler = scheduler
    self.delay = delay
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    jobs.insert(scheduler.schedule(after: delay, action))
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    scheduler.schedule(after: self.delay + delay, action)
  }
}

extension DiagramTests {
  @Test func mainActorHop() throws {
    let scheduler = TestScheduler()
    let mainQueue = MainQueueStandIn(scheduler, delay: .milliseconds(50))
    let progress = MutableProperty(0)
    let sent = Recorder(progress.property, scheduler: scheduler)
    let screen = Recorder(progress.property.receive(on: mainQueue), scheduler: scheduler)
    scheduler.advance(to: .milliseconds(100))
    progress.value = 25  // sent from a background task...
    scheduler.advance(to: .milliseconds(120))
    progress.value = 50  // ...twice before the main queue runs: one job delivers both
    scheduler.advance(to: .milliseconds(200))
    progress.value = 100
    scheduler.advance(to: .milliseconds(300))

    try Self.expectDiagram("main-actor-hop", Timeline(("sent", sent), ("screen", screen)))
  }
}
