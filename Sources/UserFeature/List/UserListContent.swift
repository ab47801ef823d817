/// A list on screen: the users for a query and what the list is doing right now.
public struct UserListContent: Equatable, Sendable {
  /// What a shown list is doing. One value, so a list cannot be refreshing and loading more at
  /// once, and cannot be loading more past its end.
  public enum Activity: Equatable, Sendable {
    /// Nothing running. `hasMore`: another page can be requested (show a "load more" row).
    case idle(hasMore: Bool)
    /// The first page is being fetched again; the list stays on screen meanwhile.
    case refreshing
    /// The next page is being fetched (show a spinner row at the bottom).
    case loadingMore
  }

  /// The search query these users match (`""` for everyone).
  public let query: String
  /// The users, in server order, without duplicate identifiers. Never empty (an empty result is
  /// ``UserListState/empty(query:)``).
  public let users: [User]
  /// What the list is doing.
  public let activity: Activity

  /// Creates content. `users` should not be empty: the view model never creates empty content.
  public init(query: String, users: [User], activity: Activity) {
    self.query = query
    self.users = users
    self.activity = activity
  }

  /// `true` when ``UserListViewModel/loadNextPage()`` would start a request now.
  public var canLoadMore: Bool {
    activity == .idle(hasMore: true)
  }
}
