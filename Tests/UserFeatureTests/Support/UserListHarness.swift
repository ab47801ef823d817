import SignalsTesting
import Testing

@testable import UserFeature

/// A ``UserListViewModel`` with recorders of its state and events (stamped with virtual time)
/// and SignalsTesting's `settle` bound to its clock and tasks: for RandomizedActionTests, which
/// checks invariants over whole recordings of random steps. A test that asserts a scenario's
/// emissions uses ``UserListScreen``.
@MainActor
final class UserListHarness {
  let client = ControlledUserClient(serving: .pages, whenCancelled: .throwsCancellationError)
  let scheduler = TestScheduler()
  let viewModel: UserListViewModel
  /// Every state, the first one first.
  let states: Recorder<UserListState>
  /// Every event.
  let events: Recorder<UserListEvent>
  private let tasks: TaskOwnerProbe

  /// A user list of 3 users a page over a fresh fake client.
  init() {
    viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    tasks = TaskOwnerProbe(viewModel.tasks)
    states = Recorder(viewModel.state, scheduler: scheduler)
    events = Recorder(viewModel.events, scheduler: scheduler)
  }

  /// The page requests the view model makes, numbered from 0.
  var calls: ControlledCall<ControlledUserClient.PageRequest, UserPage> {
    client.pageCalls
  }

  /// SignalsTesting's `settle(_:tasks:)` on this harness: runs the due work of its virtual
  /// clock (without moving it), awaits the view model's tasks and drains the main queue until
  /// nothing moves.
  func settle(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
  ) async {
    await SignalsTesting.settle(
      scheduler, tasks: tasks, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
