import SignalsTesting
import UserFeature

/// A client whose list requests the test answers by page number; it has no user details.
struct PagesClient: UserClient {
  let pages: ControlledCall<Int, UserPage>

  init(_ pages: ControlledCall<Int, UserPage>) {
    self.pages = pages
  }

  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    try await pages.call(page)
  }

  func user(id: User.ID) async throws -> User {
    throw UserClientError.httpStatus(404)
  }
}

/// A client whose user requests the test answers by identifier; it has no lists.
struct DetailsClient: UserClient {
  let details: ControlledCall<User.ID, User>

  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    throw UserClientError.httpStatus(404)
  }

  func user(id: User.ID) async throws -> User {
    try await details.call(id)
  }
}

/// Users for the tests.
enum Fixtures {
  static let ann = User(id: 7, name: "Ann", username: "ann", email: "ann@example.com")
  static let bob = User(id: 8, name: "Bob", username: "bob", email: "bob@example.com")
  static let firstPage = UserPage(users: [ann], hasMore: false)
  static let refreshedPage = UserPage(users: [ann, bob], hasMore: false)
}
