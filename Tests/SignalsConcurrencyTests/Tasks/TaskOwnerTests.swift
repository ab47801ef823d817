import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwner`: one test per promise of its documentation.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerTests {
  private struct Offline: Error, Equatable {}

  /// What a screen would be: it owns the tasks and is what `apply` changes.
  @MainActor
  final class Screen {
    let tasks = TaskOwner()
    private(set) var shown: [String] = []

    func show(_ result: Result<String, any Error>) {
      switch result {
      case .success(let text): shown.append(text)
      case .failure(let error): shown.append("failed: \(error)")
      }
    }
  }

  /// How a task is started: the two forms of `run`.
  enum Start: String, CaseIterable, Sendable {
    case unkeyed, keyed

    @MainActor func run(
      on screen: Screen, _ call: ControlledCall<String, String>, _ request: String
    ) {
      switch self {
      case .unkeyed:
        screen.tasks.run(for: screen) {
          try await call.call(request)
        } then: { screen, result in
          screen.show(result)
        }
      case .keyed:
        screen.tasks.run(key: "load", for: screen) {
          try await call.call(request)
        } then: { screen, result in
          screen.show(result)
        }
      }
    }
  }

  @Test(arguments: Start.allCases)
  func theResultIsAppliedOnTheMainActorWithTheOwnerAndTheTaskIsDropped(_ start: Start) async throws
  {
    let screen = Screen()
    let call = ControlledCall<String, String>()
    let tasks = TaskOwnerProbe(screen.tasks)

    start.run(on: screen, call, "a")
    #expect(tasks.unfinishedCount == 1)
    await call.requests(count: 1)
    call.resolve(0, with: "A")
    await settle(tasks: tasks)

    #expect(screen.shown == ["A"])
    #expect(tasks.unfinishedCount == 0)
  }

  @Test func aThrownErrorIsAppliedAsAFailure() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>()
    Start.unkeyed.run(on: screen, call, "a")
    await call.requests(count: 1)

    call.fail(0, with: Offline())
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.shown == ["failed: Offline()"])
  }

  @Test func anOperationThatCannotThrowGivesAResultThatCannotFail() async throws {
    let screen = Screen()
    let values: [Int] = await withCheckedContinuation { continuation in
      screen.tasks.run(for: screen) {
        42
      } then: { _, result in
        let neverFails: Result<Int, Never> = result
        switch neverFails {
        case .success(let value): continuation.resume(returning: [value])
        }
      }
    }
    #expect(values == [42])
  }

  @Test func awaitingTheReturnedTaskWaitsUntilTheResultIsApplied() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>()
    let task = screen.tasks.run(for: screen) {
      try await call.call("a")
    } then: { screen, result in
      screen.show(result)
    }
    await call.requests(count: 1)
    call.resolve(0, with: "A")

    await task.value

    #expect(screen.shown == ["A"])
  }

  /// Latest wins: the older task is cancelled when the newer one starts, and its answer is
  /// never applied, whichever answer arrives first.
  @Test(arguments: [true, false])
  func aNewTaskWithTheSameKeyReplacesTheRunningOne(olderAnsweredFirst: Bool) async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    Start.keyed.run(on: screen, call, "a")
    await call.requests(count: 1)

    Start.keyed.run(on: screen, call, "ab")
    await call.requests(count: 2)
    #expect(call.cancelledRequests == ["a"])
    if olderAnsweredFirst { call.resolve(0, with: "A") }
    call.resolve(1, with: "AB")
    if !olderAnsweredFirst { call.resolve(0, with: "A") }
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.shown == ["AB"])
  }

  @Test func otherKeysAndUnkeyedTasksAreNotReplaced() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>()
    for (key, request) in [("search", "s1"), ("page", "p1"), ("search", "s2")] {
      screen.tasks.run(key: key, for: screen) {
        try await call.call(request)
      } then: {
        $0.show($1)
      }
    }
    Start.unkeyed.run(on: screen, call, "u")
    await call.requests(count: 4)

    #expect(call.cancelledRequests == ["s1"])
    call.resolve(matching: "p1", with: "P1")
    call.resolve(matching: "u", with: "U")
    call.resolve(matching: "s2", with: "S2")
    await settle(tasks: TaskOwnerProbe(screen.tasks))
    #expect(Set(screen.shown) == ["P1", "U", "S2"])
  }

  @Test func cancelByKeyCancelsOnlyThatTaskAndItsResultIsNotApplied() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    screen.tasks.run(key: "search", for: screen) {
      try await call.call("s")
    } then: {
      $0.show($1)
    }
    screen.tasks.run(key: "page", for: screen) {
      try await call.call("p")
    } then: {
      $0.show($1)
    }
    await call.requests(count: 2)

    screen.tasks.cancel(key: "search")
    screen.tasks.cancel(key: "nothing runs under this key")
    call.resolve(matching: "s", with: "S")
    call.resolve(matching: "p", with: "P")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(call.cancelledRequests == ["s"])
    #expect(screen.shown == ["P"])
  }

  @Test func cancelAllCancelsEveryTaskAndLaterTasksRunNormally() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    Start.keyed.run(on: screen, call, "a")
    Start.unkeyed.run(on: screen, call, "b")
    await call.requests(count: 2)

    screen.tasks.cancelAll()
    Start.keyed.run(on: screen, call, "c")
    await call.requests(count: 3)
    call.resolve(matching: "a", with: "A")
    call.resolve(matching: "b", with: "B")
    call.resolve(matching: "c", with: "C")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(Set(call.cancelledRequests) == ["a", "b"])
    #expect(screen.shown == ["C"])
  }

  @Test func cancellingTheReturnedTaskCancelsTheWorkAndSkipsTheResult() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    let task = screen.tasks.run(for: screen) {
      try await call.call("a")
    } then: {
      $0.show($1)
    }
    await call.requests(count: 1)

    task.cancel()
    call.resolve(0, with: "A")
    await task.value

    #expect(call.cancelledRequests == ["a"])
    #expect(screen.shown == [])
  }

  /// The answer arrives and the task is cancelled in the same main-actor turn, before the
  /// task can resume: the cancellation wins, because `apply` checks it on the main actor.
  @Test func aCancellationMadeBeforeTheResultIsAppliedIsAlwaysSeen() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    Start.keyed.run(on: screen, call, "a")
    await call.requests(count: 1)

    call.resolve(0, with: "A")
    screen.tasks.cancel(key: "load")  // same turn: the task cannot have resumed on main yet
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.shown == [])
  }

  /// Releasing the owner mid-request, for each form of `run`: the owner is not kept alive by
  /// its task, the task is cancelled (through its owner of tasks, released with it), nothing
  /// is applied, and the task returns.
  @Test(arguments: Start.allCases)
  func aScreenReleasedMidRequestIsNotKeptAliveAndNothingIsApplied(_ start: Start) async throws {
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    var screen: Screen? = Screen()
    weak let released = screen
    let tasks = TaskOwnerProbe(try #require(screen).tasks)
    start.run(on: try #require(screen), call, "a")
    await call.requests(count: 1)

    screen = nil

    #expect(released == nil, "a running task must not keep its owner alive")
    #expect(call.cancelledRequests == ["a"])
    call.resolve(0, with: "A")
    await settle(tasks: tasks)
    #expect(tasks.unfinishedCount == 0)
  }

  /// The owner of `apply` may be another object than the one holding the `TaskOwner`: it is
  /// held weakly too, and a task whose owner is gone applies nothing.
  @Test func anOwnerReleasedWhileItsTaskRunsGetsNothingApplied() async throws {
    let tasks = TaskOwner()
    let call = ControlledCall<String, String>()
    var screen: Screen? = Screen()
    weak let released = screen
    let applied = Locked(false)
    tasks.run(for: try #require(screen)) {
      try await call.call("a")
    } then: { _, _ in
      applied.withLock { $0 = true }
    }
    await call.requests(count: 1)

    screen = nil
    #expect(released == nil)
    call.resolve(0, with: "A")
    await settle(tasks: TaskOwnerProbe(tasks))

    #expect(call.cancelledRequests.isEmpty, "only the owner is gone; the task ran to its end")
    #expect(applied.withLock { $0 } == false)
  }

  @Test func releasingTheTaskOwnerCancelsEveryTask() async throws {
    let screen = Screen()
    var tasks: TaskOwner? = TaskOwner()
    let probe = TaskOwnerProbe(try #require(tasks))
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    try #require(tasks).run(key: "a", for: screen) {
      try await call.call("a")
    } then: {
      $0.show($1)
    }
    try #require(tasks).run(for: screen) {
      try await call.call("b")
    } then: {
      $0.show($1)
    }
    await call.requests(count: 2)

    tasks = nil
    call.resolve(matching: "a", with: "A")
    call.resolve(matching: "b", with: "B")
    await settle(tasks: probe)

    #expect(Set(call.cancelledRequests) == ["a", "b"])
    #expect(screen.shown == [])
  }

  /// `cancelAll()` cancels the newest work first, tasks and tokens alike, keyed or not: the
  /// reverse of start, the same in every run (a subscription owned after the work it watches
  /// ends before that work's cancellation could reach it).
  @Test func cancelAllCancelsTheNewestWorkFirst() async throws {
    let screen = Screen()
    let call = ControlledCall<String, String>()
    let cancelled = Locked<[String]>([])
    func token(_ name: String) -> SubscriptionToken {
      SubscriptionToken { cancelled.withLock { $0.append(name) } }
    }
    func task(_ name: String, key: String?) {
      let operation: @Sendable () async -> Void = {
        await withTaskCancellationHandler {
          _ = try? await call.call(name)
        } onCancel: {
          cancelled.withLock { $0.append(name) }
        }
      }
      if let key {
        screen.tasks.run(key: key, for: screen, operation) { _, _ in }
      } else {
        screen.tasks.run(for: screen, operation) { _, _ in }
      }
    }
    screen.tasks.own(token("unkeyed token 1"))
    task("keyed task", key: "task")
    screen.tasks.own(token("keyed token 1"), key: "token 1")
    task("unkeyed task", key: nil)
    screen.tasks.own(token("unkeyed token 2"))
    screen.tasks.own(token("keyed token 2"), key: "token 2")
    await call.requests(count: 2)  // both tasks wait inside their handlers

    screen.tasks.cancelAll()
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(
      cancelled.withLock { $0 } == [
        "keyed token 2", "unkeyed token 2", "unkeyed task", "keyed token 1", "keyed task",
        "unkeyed token 1",
      ])
  }

  /// Releasing the owner cancels what it owns under keys too (a token someone else also holds
  /// is not cancelled by its own release), in the order of `cancelAll()`.
  @Test func releasingTheTaskOwnerCancelsTheTokensItOwnsUnderKeys() {
    let cancelled = Locked<[String]>([])
    let keyed = SubscriptionToken { cancelled.withLock { $0.append("keyed") } }
    let unkeyed = SubscriptionToken { cancelled.withLock { $0.append("unkeyed") } }
    var tasks: TaskOwner? = TaskOwner()
    tasks?.own(unkeyed)
    tasks?.own(keyed, key: "timer")

    withExtendedLifetime((keyed, unkeyed)) {
      tasks = nil
      #expect(cancelled.withLock { $0 } == ["keyed", "unkeyed"])
    }
  }
}
