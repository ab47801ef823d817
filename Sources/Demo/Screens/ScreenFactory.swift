import Signals
import UserFeature

/// Makes each screen together with its view model, wired to one client, one scheduler and the
/// app's settings.
struct ScreenFactory: Sendable {
  /// Where users come from.
  let client: any UserClient
  /// The clock for the list's search debounce.
  let scheduler: any SignalScheduler
  /// The app's settings; the list starts with their page size.
  let settings: DemoSettings

  /// The root screen: the user list.
  @MainActor
  func userList() -> UserListScreen {
    UserListScreen(
      viewModel: UserListViewModel(
        client: client, scheduler: scheduler, pageSize: settings.pageSize),
      screens: self)
  }

  /// The settings screen: no view model, it reads the settings directly.
  @MainActor
  func settingsScreen() -> SettingsScreen {
    SettingsScreen(settings: settings)
  }

  /// The detail screen for the user with identifier `id`.
  @MainActor
  func userDetail(id: User.ID) -> UserDetailScreen {
    UserDetailScreen(viewModel: UserDetailViewModel(userID: id, client: client))
  }
}
