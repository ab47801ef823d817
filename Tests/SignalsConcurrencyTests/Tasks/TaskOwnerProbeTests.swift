import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwnerProbe` as `settle`'s `tasks:`: counting a task owner's tasks and settling them.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerProbeTests {
  @MainActor
  private final class Chain {
    let tasks = TaskOwner()
    let call = ControlledCall<Int, Int>()
    private(set) var results: [Int] = []

    /// Fetches `step`; when its answer is applied, starts the next step, up to `last`.
    func fetch(_ step: Int, upTo last: Int) {
      tasks.run(for: self) { [call] in
        try await call.call(step)
      } then: { chain, result in
        chain.results.append((try? result.get()) ?? -1)
        if step < last { chain.fetch(step + 1, upTo: last) }
      }
    }
  }

  @Test func settleReturnsAtOnceWhenNothingRuns() async {
    let tasks = TaskOwner()
    await settle(tasks: TaskOwnerProbe(tasks))
    #expect(TaskOwnerProbe(tasks).unfinishedCount == 0)
  }

  /// Tasks started while `settle` waits (here by the previous task's `apply`) are awaited too.
  @Test func settleAwaitsTasksStartedWhileItWaits() async throws {
    let chain = Chain()
    chain.fetch(1, upTo: 3)
    let answers = Task {
      for step in 0..<3 {
        await chain.call.requests(count: step + 1)
        chain.call.resolve(step, with: (step + 1) * 10)
      }
    }

    await answers.value
    await settle(tasks: TaskOwnerProbe(chain.tasks))

    #expect(chain.results == [10, 20, 30])
  }

  @Test func theCountIncludesACancelledTaskUntilItReturns() async throws {
    let chain = Chain()
    let call = ControlledCall<Int, Int>(whenCancelled: .keepsWaitingForAnswer)
    let probe = TaskOwnerProbe(chain.tasks)
    chain.tasks.run(for: chain) {
      try await call.call(1)
    } then: { _, _ in
    }
    await call.requests(count: 1)

    chain.tasks.cancelAll()
    #expect(probe.unfinishedCount == 1, "still running until its operation returns")
    call.resolve(0, with: 1)
    await settle(tasks: probe)

    #expect(probe.unfinishedCount == 0)
  }
}

/// One keyed task done while another waits for the test's answer: a `ScreenHarness` that
/// watches the fake settles the waiting task instead of waiting for it.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerProbeKeyTests {
  @Test func oneKeyedTaskIsSettledWhileAnotherWaitsForItsAnswer() async throws {
    let screen = KeyedLoadScreen()
    let probe = TaskOwnerProbe(screen.tasks)
    let harness = ScreenHarness(tasks: probe)
    harness.watch(screen.call, as: "loads")
    screen.load("a", key: "a")
    screen.load("b", key: "b")
    await screen.call.requests(count: 2)

    await harness.resolve(screen.call, screen.call.requests.firstIndex(of: "a") ?? -1, with: "A")

    #expect(screen.shown == ["A"])
    #expect(probe.unfinishedCount == 1)  // "b" still waits for its answer
    await harness.resolve(screen.call, screen.call.requests.firstIndex(of: "b") ?? -1, with: "B")
    #expect(screen.shown == ["A", "B"])
    await harness.finish()
  }
}
