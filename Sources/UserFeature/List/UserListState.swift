/// Everything the user-list screen shows, as one value: render it with a `switch`.
///
/// Each case carries exactly what it needs, so contradictions ("loading and failed", "refreshing
/// an empty list") cannot be expressed. One-off things (toasts, requests to navigate) are not
/// state; they are ``UserListEvent``s.
public enum UserListState: Equatable, Sendable {
  /// Nothing requested yet (or the work was cancelled before a first result).
  case idle
  /// The first page for `query` is loading and there is no list on screen.
  case loading(query: String)
  /// A non-empty list is on screen, possibly with a refresh or a next page in progress.
  case loaded(UserListContent)
  /// The request for `query` succeeded and matched nobody.
  case empty(query: String)
  /// The first page for `query` could not be loaded; `error.message` is what to show.
  case failed(query: String, error: UserFacingError)
}

extension UserListState {
  /// The search query the screen is showing (or loading), `""` when idle.
  public var query: String {
    switch self {
    case .idle:
      return ""
    case .loading(let query), .empty(let query), .failed(let query, _):
      return query
    case .loaded(let content):
      return content.query
    }
  }

  /// The users on screen; empty unless ``loaded(_:)``.
  public var users: [User] {
    guard case .loaded(let content) = self else { return [] }
    return content.users
  }
}
