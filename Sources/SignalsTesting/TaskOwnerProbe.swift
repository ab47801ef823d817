import Signals
import SignalsConcurrency

/// A test's handle on the tasks of a `TaskOwner`: counts the tasks that have not returned,
/// without keeping the owner alive; `settle(tasks:)` and ``ScreenHarness`` await them.
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
/// await settle(tasks: tasks)        // and has returned, without applying anything
/// ```
///
/// It keeps alive the owner's list of tasks (which its tasks hold anyway); safe from any thread.
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
}
