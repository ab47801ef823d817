import UserFeature

extension UserListState {
  /// Whether a request is in flight: what a test waits out before it looks at the screen.
  var isBusy: Bool {
    switch self {
    case .loading:
      return true
    case .loaded(let list):
      if case .idle = list.activity { return false }
      return true
    case .idle, .empty, .failed:
      return false
    }
  }
}

extension UserDetailState {
  /// Whether a request is in flight.
  var isBusy: Bool {
    switch self {
    case .loading, .loaded(_, isRefreshing: true):
      true
    case .idle, .loaded, .failed:
      false
    }
  }
}
