import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Diagram of main-actor delivery: the real `receive(on: .mainActor)` beside a scheduler that
// always hops, as Combine's `receive(on: DispatchQueue.main)` does. The always-hopping queue is
// a `TestScheduler` stand-in that runs each job 50 ms of virtual time later, as if the main
// thread were busy drawing a frame. The `.mainActor` lane is the real main queue: virtual time
// does not move while the test waits for it, so a value it queues from another thread appears
// at the instant it was sent, in order.

/// A stand-in for the main queue: runs each job `delay` after it is scheduled, on virtual time.
private final class MainQueueStandIn: SignalScheduler {
  var now: Duration { scheduler.now }

  private let scheduler: TestScheduler
  private let delay: Duration
  /// Keeps every scheduled job's token, so the job is not cancelled before it runs.
  private let jobs = SubscriptionBag()

  init(_ scheduler: TestScheduler, delay: Duration) {
    self.scheduler = scheduler
    self.delay = delay
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    scheduler.schedule(after: delay, action).store(in: jobs)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    scheduler.schedule(after: self.delay + delay, action)
  }
}

extension DiagramTests {
  @MainActor @Test func mainActorHop() async throws {
    let scheduler = TestScheduler()
    let alwaysHops = MainQueueStandIn(scheduler, delay: .milliseconds(50))
    let progress = MutableProperty(0)
    let onMainActor = progress.property.receive(on: .mainActor)
    let sent = Recorder(progress.property, scheduler: scheduler)
    // bind() runs on the main actor: the first value is delivered before `sink` returns.
    let mainActor = Recorder(
      Property(read: { progress.value }, subscribe: { handler in onMainActor.sink(handler) }),
      scheduler: scheduler)
    let hopping = Recorder(progress.property.receive(on: alwaysHops), scheduler: scheduler)
    #expect(mainActor.values == [0], "delivered at once: no hop, no placeholder frame")

    scheduler.advance(to: .milliseconds(100))
    progress.value = 25  // sent on the main actor, nothing queued: delivered at once
    #expect(mainActor.values == [0, 25])

    scheduler.advance(to: .milliseconds(200))
    await Task.detached {
      progress.value = 50  // sent from a background task: queued on the main queue...
      progress.value = 100  // ...and delivered after 50, in order
    }.value
    await settle()  // the main queue delivers 50 and 100
    scheduler.advance(to: .milliseconds(300))

    try Self.expectDiagram(
      "main-actor-hop",
      Timeline(("sent", sent), (".mainActor", mainActor), ("always hops", hopping)))
  }
}
