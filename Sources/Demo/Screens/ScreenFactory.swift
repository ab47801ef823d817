import Signals
import UserFeature

/// Makes each screen together with its view model, wired to one client and one scheduler.
struct ScreenFactory: Sendable {
  /// Where users come from.
  let client: any UserClient
  /// The clock for the list's search debounce.
  let scheduler: any SignalScheduler
  /// Users per page.
  let pageSize: Int

  /// The root screen: the user list.
  @MainActor
  func userList() -> UserListScreen {
    UserListScreen(
      viewModel: UserListViewModel(client: client, scheduler: scheduler, pageSize: pageSize),
      screens: self)
  }

  /// The detail screen for the user with identifier `id`.
  @MainActor
  func userDetail(id: User.ID) -> UserDetailScreen {
    UserDetailScreen(viewModel: UserDetailViewModel(userID: id, client: client))
  }
}
