import SignalsTesting
import Testing

@testable import UserFeature

/// A ``UserDetailViewModel`` under SignalsTesting's `ScreenHarness`, as ``UserListScreen`` is
/// for the list: the fake client, and the harness recording state and events in one log,
/// settling the view model's tasks and watching its user calls.
@MainActor
final class UserDetailScreen {
  let client: ControlledUserClient
  /// The harness: one log of ``state`` and ``events``, the one wait.
  let screen: ScreenHarness
  let state: ScreenOutput<UserDetailState>
  let events: ScreenOutput<UserDetailEvent>
  /// The view model's tasks; usable after ``releaseViewModel()``.
  let tasks: TaskOwnerProbe
  private var model: UserDetailViewModel?

  /// The detail screen of user `userID` over a fresh fake client.
  init(
    userID: User.ID,
    whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError
  ) {
    client = ControlledUserClient(serving: .users, whenCancelled: cancellation)
    let model = UserDetailViewModel(userID: userID, client: client)
    self.model = model
    tasks = TaskOwnerProbe(model.tasks)
    screen = ScreenHarness(tasks: tasks)
    state = screen.record(model.state, as: "state")
    events = screen.record(model.events, as: "events")
    screen.watch(client.userCalls, as: "users")
  }

  /// The view model. Reading it after ``releaseViewModel()`` is a mistake in the test.
  var viewModel: UserDetailViewModel {
    guard let model else { preconditionFailure("the test released the view model") }
    return model
  }

  /// The user requests the view model makes, numbered from 0.
  var calls: ControlledCall<User.ID, User> {
    client.userCalls
  }

  /// Starts the scenario with the user shown: loads it (request 0) and asserts the states on
  /// the way there.
  func beginWithUser() async {
    viewModel.load()
    let user = TestUsers.user(viewModel.userID)
    await screen.resolve(calls, 0, with: user)
    await screen.expect(state, .idle, .loading, .loaded(user, isRefreshing: false))
  }

  /// Lets go of the view model, the test's only strong reference to it.
  func releaseViewModel() {
    model = nil
  }
}
