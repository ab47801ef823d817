import DemoShared
import UserFeature

/// The clients the SwiftUI previews use, one per state of the list: each drives a new
/// ``UserListViewModel``'s first load to that state (``PreviewClientsTests`` checks that).
enum PreviewClients {
  /// A few users, enough to scroll.
  static let users = (1...12).map { number in
    User(
      id: number, name: "User \(number)", username: "user\(number)",
      email: "user\(number)@example.com")
  }

  /// Never answers: the list stays `loading` (a request is cancelled with its task).
  static var loading: any UserClient { NeverAnswering() }
  /// Answers at once with ``users``: the list is `loaded`.
  static var loaded: any UserClient { OfflineUserClient(users: users, latency: .zero) }
  /// Answers at once with nobody: the list is `empty`.
  static var empty: any UserClient { OfflineUserClient(users: [], latency: .zero) }
  /// Fails at once: the list is `failed`.
  static var failed: any UserClient {
    FailureInjectingClient(
      base: OfflineUserClient(users: users, latency: .zero), failures: .always())
  }

  /// A client whose requests wait until they are cancelled.
  private struct NeverAnswering: UserClient {
    func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
      try await waitUntilCancelled()
    }

    func user(id: User.ID) async throws -> User {
      try await waitUntilCancelled()
    }

    private func waitUntilCancelled() async throws -> Never {
      while true {
        try await Task.sleep(for: .seconds(3600))
      }
    }
  }
}
