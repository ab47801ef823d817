import DemoShared
import Observation
import SignalsObservation
import UserFeature

/// What ``UserListView`` keeps in its one `@State`: the view model, its state as Observation
/// state, the toasts, and the navigation path. Everything the list screen decides is here, in
/// plain Swift, so that it is tested on Linux; the view only lays it out.
///
/// - Ownership: SwiftUI keeps the `@State` of the first `init` and drops every later one. The
///   view model and the state observer are made on first use (`lazy`), so a dropped model has
///   made neither: no view model, no subscription. A parent cannot swap the view model under the
///   screen: the screen owns it, as ``UserDetailView`` owns its own.
/// - Navigation: ``path`` is state, the container's; the view model's
///   ``UserListEvent/showDetail(_:)`` is a request, and a request while a detail is already
///   pushed (the second tap of a double tap) is refused here: the guide's "the container owns the
///   guard" (8.3).
/// - Threading: a main-actor class.
@Observable
@MainActor
final class UserListScreenModel {
  /// The pushed screens: the users whose details are shown, bottom first.
  var path: [User.ID] = []
  /// The toasts the list shows, drained by its overlay.
  let toasts = ToastQueue()

  @ObservationIgnored private let makeViewModel: @MainActor () -> UserListViewModel
  /// The screen's view model, made on first use.
  @ObservationIgnored private(set) lazy var viewModel: UserListViewModel = makeViewModel()
  /// The view model's state as Observation state, subscribed on first use.
  @ObservationIgnored private(set) lazy var state: ObservableProperty<UserListState> =
    viewModel.state.observable()

  /// - Parameter makeViewModel: called once, when the view model is first needed.
  init(makeViewModel: @escaping @MainActor () -> UserListViewModel) {
    self.makeViewModel = makeViewModel
  }

  /// The list's whole visible life, for its `.task` (SwiftUI starts it when the list appears and
  /// cancels it when the list is covered or goes away). A page size changed while the list was
  /// covered applies first, as the console's `viewWillAppear` does; then the view model's events
  /// come here until the task is cancelled, and its work stops with it.
  func runWhileVisible(pageSize: Int) async {
    applyPageSize(pageSize)
    await viewModel.runWhileVisible { event in
      handle(event)
    }
  }

  /// What the list does with one event: a toast is queued; a request to open a user pushes it,
  /// unless a detail is already pushed.
  // snippet: swiftui-list-events
  func handle(_ event: UserListEvent) {
    switch event {
    case .toast(let message):
      toasts.show(message)
    case .showDetail(let id):
      guard path.isEmpty else { return }  // the list is covered: a second tap opens nothing
      path.append(id)
    case .refused:
      break  // the list offers no request that is refused: its last row loads more only if any
    }
  }
  // snippet-end

  /// Applies a page size chosen in the settings, when the list is shown again (the settings
  /// sheet was dismissed, or a pushed detail popped): a new size loads the list again; the same
  /// size does nothing.
  func applyPageSize(_ pageSize: Int) {
    viewModel.apply(pageSize: pageSize)
  }

  /// Pull to refresh: `UserListViewModel.refresh() async`, which returns once the refresh it
  /// started (or joined) has finished and its outcome is on screen, so the system's indicator
  /// stays for exactly as long as the `refreshing` state does.
  func refresh() async {
    await viewModel.refresh()
  }
}
