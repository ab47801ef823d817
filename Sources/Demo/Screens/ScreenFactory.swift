import ConsoleKit
import DemoShared
import Signals
import UserFeature

/// Makes each screen together with its view model, wired to one client, one scheduler and the
/// app's settings, and to the trace when the demo traces.
struct ScreenFactory: Sendable {
  /// Where users come from.
  let client: any UserClient
  /// The clock for the list's search debounce.
  let scheduler: any SignalScheduler
  /// The app's settings; the list starts with their page size.
  let settings: DemoSettings
  /// Where every screen's bindings and view model outputs are traced; `nil` when not tracing.
  let trace: Trace?

  /// The root screen: the user list.
  @MainActor
  func userList() -> UserListScreen {
    let observer = trace.map {
      ViewModelTrace(
        source: "list", trace: $0, describeState: \UserListState.traceText,
        describeEvent: \UserListEvent.traceText)
    }
    let viewModel = UserListViewModel(
      client: client, scheduler: scheduler, pageSize: settings.pageSize)
    observer?.observe(state: viewModel.state, events: viewModel.events)
    let screen = UserListScreen(viewModel: viewModel, screens: self)
    screen.bindingObserver = observer
    return screen
  }

  /// The settings screen: no view model, it reads the settings directly.
  @MainActor
  func settingsScreen() -> SettingsScreen {
    SettingsScreen(settings: settings)
  }

  /// The detail screen for the user with identifier `id`.
  @MainActor
  func userDetail(id: User.ID) -> UserDetailScreen {
    let observer = trace.map {
      ViewModelTrace(
        source: "detail #\(id)", trace: $0, describeState: \UserDetailState.traceText,
        describeEvent: \UserDetailEvent.traceText)
    }
    let viewModel = UserDetailViewModel(userID: id, client: client)
    observer?.observe(state: viewModel.state, events: viewModel.events)
    let screen = UserDetailScreen(viewModel: viewModel)
    screen.bindingObserver = observer
    return screen
  }
}
