import UserFeature

/// Small, predictable users for view-model tests.
enum TestUsers {
  /// User `id` with a name derived from it.
  static func user(_ id: Int) -> User {
    User(id: id, name: "User \(id)", username: "user\(id)", email: "user\(id)@example.com")
  }

  /// Users with the given identifiers, in order.
  static func users(_ ids: some Sequence<Int>) -> [User] {
    ids.map(user)
  }

  /// A page holding users with the given identifiers.
  static func page(_ ids: some Sequence<Int>, hasMore: Bool) -> UserPage {
    UserPage(users: users(ids), hasMore: hasMore)
  }
}

/// An error a client might throw, for mapping and failure tests.
struct TestFailure: Error, Equatable {}
