import Foundation
import SignalsTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking  // URLSession on Linux
#endif

extension SwiftUISeed {
  // snippet: swiftui-seed-client
  struct User: Identifiable, Decodable, Equatable, Sendable {
    let id: Int
    let name: String
  }

  enum UserClientError: Error {
    case invalidResponse
  }

  /// The outside boundary, as small as the screen needs: the view model knows this protocol,
  /// not URLSession, so a preview or a test passes a stub.
  protocol UserClient: Sendable {
    func fetchUsers() async throws -> [User]
  }

  /// The real client: transport, status check and decoding are its job, not the view model's.
  struct LiveUserClient: UserClient {
    let session: URLSession
    let endpoint: URL

    func fetchUsers() async throws -> [User] {
      let (data, response) = try await session.data(from: endpoint)

      guard let http = response as? HTTPURLResponse,
        200..<300 ~= http.statusCode
      else {
        throw UserClientError.invalidResponse
      }

      return try JSONDecoder().decode([User].self, from: data)
    }
  }

  /// A client that answers at once with a fixed result: for previews and tests.
  struct StubUserClient: UserClient {
    let result: Result<[User], any Error>

    func fetchUsers() async throws -> [User] {
      try result.get()
    }
  }
  // snippet-end
}

extension SwiftUISeed.StubUserClient {
  /// The stubs the previews show, one per state of the screen.
  static let loaded = Self(
    result: .success([.init(id: 1, name: "Ada"), .init(id: 2, name: "Grace")]))
  static let empty = Self(result: .success([]))
  static let failing = Self(result: .failure(SwiftUISeed.UserClientError.invalidResponse))
}

extension SwiftUISeed {
  /// A client that never answers until its task is cancelled: the loading preview.
  struct PendingUserClient: UserClient {
    func fetchUsers() async throws -> [User] {
      let (wait, _) = AsyncStream<Never>.makeStream()
      for await _ in wait {}  // ends only when the task is cancelled
      throw CancellationError()
    }
  }
}
