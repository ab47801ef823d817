import Observation
import SignalsObservation
import UserFeature

/// What ``UserDetailView`` keeps in its one `@State`: the view model, its state as Observation
/// state and the toasts. As ``UserListScreenModel``: the view model and the state observer are
/// made on first use, so a model SwiftUI drops (every `init` after the first) has made neither.
@MainActor
final class UserDetailScreenModel {
  /// The toasts the detail shows, drained by its overlay.
  let toasts = ToastQueue()

  private let makeViewModel: @MainActor () -> UserDetailViewModel
  /// The screen's view model, made on first use.
  private(set) lazy var viewModel: UserDetailViewModel = makeViewModel()
  /// The view model's state as Observation state, subscribed on first use.
  private(set) lazy var state: ObservableProperty<UserDetailState> = viewModel.state.observable()

  /// - Parameter makeViewModel: called once, when the view model is first needed.
  init(makeViewModel: @escaping @MainActor () -> UserDetailViewModel) {
    self.makeViewModel = makeViewModel
  }

  /// The detail's whole visible life, for its `.task`: events come here until the task is
  /// cancelled; `close` calls `dismiss` (SwiftUI's `DismissAction` in the view).
  func runWhileVisible(dismiss: @MainActor () -> Void) async {
    await viewModel.runWhileVisible { event in
      handle(event, dismiss: dismiss)
    }
  }

  /// What the detail does with one event: a toast is queued; `close` dismisses the screen.
  func handle(_ event: UserDetailEvent, dismiss: @MainActor () -> Void) {
    switch event {
    case .toast(let message):
      toasts.show(message)
    case .close:
      dismiss()
    }
  }
}
