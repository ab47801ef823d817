/// Everything the user-detail screen shows, as one value.
public enum UserDetailState: Equatable, Sendable {
  /// Nothing requested yet (or the work was cancelled before a first result).
  case idle
  /// The user is loading and nothing is on screen yet.
  case loading
  /// The user is on screen; `isRefreshing` is `true` while it is being fetched again.
  case loaded(User, isRefreshing: Bool)
  /// The user could not be loaded; `error.message` is what to show next to a retry button.
  case failed(UserFacingError)
}
