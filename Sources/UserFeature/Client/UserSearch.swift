import Foundation

/// The matching and paging rules every client shares, so the offline client and a static file
/// server behave like a server that filters and pages. Internal.
enum UserSearch {
  /// `true` when `query` is empty or occurs in the user's name, username or email, ignoring
  /// case and diacritics.
  static func matches(_ user: User, query: String) -> Bool {
    guard !query.isEmpty else { return true }
    return [user.name, user.username, user.email].contains { field in
      field.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }

  /// Page `page` (1-based) of the users in `all` that match `query`, at most `pageSize` each.
  ///
  /// Cancellable: the calling task's cancellation is checked before each user is matched, so a
  /// superseded search stops within one user's matching (bounded by ``User``'s text bounds).
  static func page(
    of all: [User], matching query: String, page: Int, pageSize: Int
  ) throws(CancellationError) -> UserPage {
    precondition(page >= 1, "UserSearch.page: pages start at 1, got \(page)")
    precondition(pageSize >= 1, "UserSearch.page: pageSize must be positive, got \(pageSize)")
    var matching: [User] = []
    for user in all {
      guard !Task.isCancelled else { throw CancellationError() }
      if matches(user, query: query) {
        matching.append(user)
      }
    }
    let start = min((page - 1) * pageSize, matching.count)
    let end = min(start + pageSize, matching.count)
    return UserPage(users: Array(matching[start..<end]), hasMore: end < matching.count)
  }
}
