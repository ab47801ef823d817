// A stand-in until the view-model work lands its own `refresh() async` in UserListViewModel:
// delete this file then (the two would be one redeclaration).

extension UserListViewModel {
  /// ``refresh()``, awaited: starts a refresh as ``refresh()`` does (or joins the load or
  /// refresh already running), then returns once none is running, so a caller such as SwiftUI's
  /// `.refreshable` shows its indicator for exactly as long as the `refreshing` state lasts.
  /// Returns early if the calling task is cancelled.
  public func refresh() async {
    startRefresh()
    for await state in state.values {
      switch state {
      case .loading:
        continue
      case .loaded(let content) where content.activity == .refreshing:
        continue
      case .idle, .loaded, .empty, .failed:
        return
      }
    }
  }

  /// ``refresh()``, from a synchronous context, where the name means the synchronous one.
  private func startRefresh() {
    refresh()
  }
}
