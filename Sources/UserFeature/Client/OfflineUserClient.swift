import Foundation

/// A ``UserClient`` that needs no network: it serves a fixed list of users (by default the
/// bundled fixtures) after a simulated latency. The demo's default client.
///
/// - Matching and paging follow the same rules as ``LiveUserClient`` against a static server.
/// - Latency: each request awaits `sleep(latency)` first. Inject `sleep` to control time in
///   tests; the default is `Task.sleep(for:)`.
/// - Cancellation: a cancelled caller gets `CancellationError` (from the sleep, or checked after
///   it) and no result.
public final class OfflineUserClient: UserClient {
  /// The latency used when none is given: 400 ms, enough to see loading states in the demo.
  public static let defaultLatency: Duration = .milliseconds(400)

  /// The users this client serves, in order.
  public let allUsers: [User]
  private let latency: Duration
  private let sleep: @Sendable (Duration) async throws -> Void

  /// Creates a client serving `users` (``fixtureUsers()`` for the bundled set), each request
  /// after `latency`, waited for by `sleep`, which must throw `CancellationError` if cancelled.
  public init(
    users: [User],
    latency: Duration = defaultLatency,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.allUsers = users
    self.latency = latency
    self.sleep = sleep
  }

  /// The bundled fixture users (`Resources/users.json`), 34 people in identifier order: names
  /// in Latin scripts with and without accents, then Korean, Chinese and Japanese names and one
  /// with an emoji (ids 31-34), which a terminal shows two columns per character. Throws if the
  /// resource is missing or unreadable, which means a broken build.
  public static func fixtureUsers() throws -> [User] {
    try JSONDecoder().decode([User].self, from: Data(contentsOf: fixtureURL()))
  }

  /// Where the bundled fixture file is.
  static func fixtureURL() throws -> URL {
    guard let url = Bundle.module.url(forResource: "users", withExtension: "json") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return url
  }

  /// Page `page` of the users matching `query`, after the latency.
  public func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    try await simulateRequest()
    return try UserSearch.page(of: allUsers, matching: query, page: page, pageSize: pageSize)
  }

  /// The user with identifier `id`, after the latency; 404 if there is none.
  public func user(id: User.ID) async throws -> User {
    try await simulateRequest()
    guard let user = allUsers.first(where: { $0.id == id }) else {
      throw UserClientError.httpStatus(404)
    }
    return user
  }

  private func simulateRequest() async throws {
    try await sleep(latency)
    try Task.checkCancellation()
  }
}
