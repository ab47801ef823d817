import UserFeature

extension UserListState {
  /// A loaded list of the test users with identifiers `ids`.
  static func list(
    _ ids: some Sequence<Int>, query: String = "", _ activity: UserListContent.Activity
  ) -> UserListState {
    .loaded(UserListContent(query: query, users: TestUsers.users(ids), activity: activity))
  }
}
