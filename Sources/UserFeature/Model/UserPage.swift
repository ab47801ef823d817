/// One page of a user listing: the users on it, in server order, and whether another page
/// follows.
public struct UserPage: Equatable, Sendable {
  /// The users on this page, in the order the server listed them. Empty only when nothing
  /// matched (or the page is past the end).
  public let users: [User]
  /// `true` when requesting the next page can return more users.
  public let hasMore: Bool

  /// Creates a page.
  public init(users: [User], hasMore: Bool) {
    self.users = users
    self.hasMore = hasMore
  }
}
