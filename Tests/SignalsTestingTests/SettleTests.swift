import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `settle()`: syncing with work that hops to the main actor without counting emissions or
/// waiting for a deadline.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SettleTests {
  @Test func settleLetsMainActorDeliveriesQueuedFromAnotherThreadArrive() async {
    let owner = MutableProperty(0)
    let screen = Recorder(owner.property.receive(on: .mainActor))
    await Task.detached { owner.value = 1 }.value  // queued for the main actor
    await settle()
    #expect(screen.values == [0, 1])
  }

  @Test func settleRunsDueWorkButDoesNotMoveTheClock() async {
    let scheduler = TestScheduler()
    let log = Recorder<String>()
    scheduler.schedule { log.record("now") }
    let later = scheduler.schedule(after: .milliseconds(10)) { log.record("later") }
    await settle(scheduler)
    #expect(log.values == ["now"])
    #expect(scheduler.now == .zero)
    #expect(scheduler.pendingCount == 1)
    withExtendedLifetime(later) {}
  }

  @Test func settleAwaitsOwnedTasksAndWhatTheyStart() async throws {
    let screen = Screen()
    let call = ControlledCall<Int, Int>()
    screen.fetch(1, upTo: 2, call)
    let answers = Task {
      for step in 0..<2 {
        await call.requests(count: step + 1)
        call.resolve(step, with: step * 10)
      }
    }
    await answers.value
    await settle(tasks: TaskOwnerProbe(screen.tasks))
    #expect(screen.results == [0, 10])
  }

  /// Fetches `step`; when its answer is applied, starts the next step, up to `last`.
  @MainActor
  final class Screen {
    let tasks = TaskOwner()
    private(set) var results: [Int] = []

    func fetch(_ step: Int, upTo last: Int, _ call: ControlledCall<Int, Int>) {
      tasks.run(for: self) {
        try await call.call(step - 1)
      } then: { screen, result in
        screen.results.append((try? result.get()) ?? -1)
        if step < last { screen.fetch(step + 1, upTo: last, call) }
      }
    }
  }
}
