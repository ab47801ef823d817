import Signals
import SignalsConcurrency

/// A test's handle on the tasks of a `TaskOwner`: counts the tasks that have not returned and
/// awaits their end, without keeping the owner alive.
///
/// Make it while the owner lives (for a view model, from its `tasks` property through
/// `@testable import`); it stays usable after the owner and the view model are released, which
/// is when a test of "released mid-request" needs it most:
///
/// ```swift
/// let tasks = TaskOwnerProbe(viewModel.tasks)
/// viewModel.load()
/// #expect(tasks.unfinishedCount == 1)
/// viewModel = nil                   // released mid-request: its task is cancelled
/// try await tasks.idle()            // and has returned, without applying anything
/// ```
///
/// - Keeps alive: the owner's list of tasks (which its tasks hold anyway), not the owner.
/// - Threading: safe from any thread.
public struct TaskOwnerProbe: Sendable {
  private let list: OwnedTaskList

  /// A probe of `owner`'s tasks: those running now and those it starts later.
  public init(_ owner: TaskOwner) {
    list = owner.list
  }

  /// How many tasks the owner started that have not returned. A cancelled or replaced task
  /// counts until it returns (at its operation's next cancellation check).
  public var unfinishedCount: Int {
    list.unfinishedCount
  }

  /// Returns once every task the owner started has returned, including tasks started while it
  /// waits: each result has been applied, or skipped because the task was cancelled or the
  /// owner is gone. Awaits the tasks themselves: no polling, no clock.
  ///
  /// - Timeout: if tasks are still running after `timeout` of wall-clock time, throws a
  ///   ``WaitTimeout`` saying how many. A safety net against hangs (a fake call nobody
  ///   answers); a correct test never reaches it. The default, a minute, is longer than
  ///   ``WaitTimeout/defaultLimit`` because every task applies its result on the main actor,
  ///   which all the main-actor tests of a process share: a full parallel run can keep it busy
  ///   for many seconds.
  /// - Cancellation: throws `CancellationError` if the calling task is cancelled first.
  public func idle(timeout: Duration = .seconds(60)) async throws {
    let list = self.list
    let timeoutError = { @Sendable in
      WaitTimeout(
        awaited: "a TaskOwner's tasks to return (\(list.unfinishedCount) still running)",
        limit: timeout)
    }
    try await raceAgainstClock({ await list.idle() }, limit: timeout, timeoutError: timeoutError)
  }
  /// Returns once the task the owner started under `key` has returned, and any task started
  /// under `key` while this waits: its outcome has been applied, or skipped. Tasks with other
  /// keys go on running: wait for one upload while another is still in flight.
  ///
  /// Keys compare as `TaskOwner.run(key:for:_:then:)` compares them (same type and
  /// equal). Returns at once if no task under `key` is running. Timeout and cancellation as
  /// in ``idle(timeout:)``.
  public func idle(key: some Hashable & Sendable, timeout: Duration = .seconds(60)) async throws {
    let list = self.list
    let taskKey = TaskKey(key)
    let timeoutError = { @Sendable in
      WaitTimeout(awaited: "the TaskOwner's task under key \(key) to return", limit: timeout)
    }
    try await raceAgainstClock(
      { await list.idle(key: taskKey) }, limit: timeout, timeoutError: timeoutError)
  }
}

extension TaskOwner {
  /// Returns once every task this owner started has returned, including tasks started while it
  /// waits (see ``TaskOwnerProbe/idle(timeout:)``, which this calls, for the timeout and
  /// cancellation). To wait after the owner is released, keep a ``TaskOwnerProbe`` instead.
  public func idle(timeout: Duration = .seconds(60)) async throws {
    try await TaskOwnerProbe(self).idle(timeout: timeout)
  }
}
