import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwnerProbe` and `TaskOwner.idle()`: awaiting a task owner's idle state from a test.
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

  @Test func idleReturnsAtOnceWhenNothingRuns() async throws {
    let tasks = TaskOwner()
    try await tasks.idle()
    try await TaskOwnerProbe(tasks).idle()
    #expect(TaskOwnerProbe(tasks).unfinishedCount == 0)
  }

  /// Tasks started while `idle()` waits (here by the previous task's `apply`) are awaited too.
  @Test func idleAwaitsTasksStartedWhileItWaits() async throws {
    let chain = Chain()
    chain.fetch(1, upTo: 3)
    let answers = Task {
      for step in 0..<3 {
        _ = try await chain.call.requests(count: step + 1)
        chain.call.resolve(step, with: (step + 1) * 10)
      }
    }

    try await chain.tasks.idle()

    #expect(chain.results == [10, 20, 30])
    try await answers.value
  }

  @Test func theCountIncludesACancelledTaskUntilItReturns() async throws {
    let chain = Chain()
    let call = ControlledCall<Int, Int>(whenCancelled: .keepsWaitingForAnswer)
    let probe = TaskOwnerProbe(chain.tasks)
    chain.tasks.run(for: chain) {
      try await call.call(1)
    } then: { _, _ in
    }
    _ = try await call.requests(count: 1)

    chain.tasks.cancelAll()
    #expect(probe.unfinishedCount == 1, "still running until its operation returns")
    call.resolve(0, with: 1)
    try await probe.idle()

    #expect(probe.unfinishedCount == 0)
  }

  @Test func aTaskThatNeverReturnsFailsTheWaitWithAMessage() async throws {
    let chain = Chain()
    chain.fetch(1, upTo: 1)
    _ = try await chain.call.requests(count: 1)

    await expectError(
      describedAs:
        "gave up after 0.02 seconds waiting for a TaskOwner's tasks to return (1 still running)"
    ) {
      try await TaskOwnerProbe(chain.tasks).idle(timeout: .milliseconds(20))
    }
    chain.call.resolve(0, with: 0)
    try await chain.tasks.idle()
  }
}

/// `TaskOwnerProbe.idle(key:)`: waiting for one keyed task while others run.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerProbeKeyTests {
  @Test func idleForAKeyReturnsOnceThatTaskIsDoneWhileAnotherRuns() async throws {
    let screen = KeyedLoadScreen()
    let probe = TaskOwnerProbe(screen.tasks)
    screen.load("a", key: "a")
    screen.load("b", key: "b")
    _ = try await screen.call.requests(count: 2)

    screen.call.resolve(matching: "a", with: "A")
    try await probe.idle(key: "a")

    #expect(screen.shown == ["A"])
    #expect(probe.unfinishedCount == 1)  // "b" still waits for its answer
    try await probe.idle(key: "nothing")  // no task under it: at once
    screen.call.resolve(matching: "b", with: "B")
    try await probe.idle()
  }
}
