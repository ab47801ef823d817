import BoundedHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``UserClient`` over HTTP: builds the request (``UserAPI`` states the wire protocol),
/// fetches it through a `BoundedHTTPClient` (time and body limits, safe cancellation), checks
/// the status and decodes.
///
/// Throws ``UserClientError``: `.httpStatus` outside 2xx, `.decoding` for a body that is not the
/// expected JSON, `.bodyTooLarge` past `maximumBodySize` bytes, `.connectionLost` for a body cut
/// short, `.transport` for other `URLError`s (`.timedOut` once a request has taken `timeout` from
/// the call to the complete body); `CancellationError` when the calling task is cancelled.
public struct LiveUserClient: UserClient {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: Duration = .seconds(10)
  /// The body limit used when none is given: 4 MiB (a page of users is a few kilobytes).
  public static let defaultMaximumBodySize = 4 * 1024 * 1024

  /// The server root that the wire protocol's paths are appended to.
  public let baseURL: URL
  private let http: any HTTPFetching

  /// A client for the server at `baseURL` whose requests copy `configuration` (inject stub
  /// protocol classes here in tests), each in a session of its own, so no delegate is ignored.
  /// `timeout` and `maximumBodySize` must be positive.
  public init(
    baseURL: URL, configuration: URLSessionConfiguration = .default,
    timeout: Duration = defaultTimeout, maximumBodySize: Int = defaultMaximumBodySize
  ) {
    self.baseURL = baseURL
    http = BoundedHTTPClient(
      configuration: configuration, timeout: timeout, maximumBodySize: maximumBodySize)
  }

  /// A client for the server at `baseURL` whose requests go through `http` (on Linux, a
  /// `ChildProcessHTTPClient` survives a transfer that traps Foundation).
  public init(baseURL: URL, http: any HTTPFetching) {
    self.baseURL = baseURL
    self.http = http
  }

  /// Page `page` of the users matching `query`, paged by the server (`X-Total-Count`) or here.
  public func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    let request = UserAPI.users(matching: query, page: page, pageSize: pageSize, at: baseURL)
    let (users, response) = try await fetch([User].self, request)
    if let total = response.value(forHTTPHeaderField: "X-Total-Count").flatMap(Int.init) {
      return UserPage(users: users, hasMore: (page - 1) * pageSize + users.count < total)
    }
    return try UserSearch.page(of: users, matching: query, page: page, pageSize: pageSize)
  }

  /// The user with identifier `id`.
  public func user(id: User.ID) async throws -> User {
    try await fetch(User.self, UserAPI.user(id: id, at: baseURL)).body
  }

  /// The answer to `request` and its body decoded as `Body`; an answer that is not HTTP, a
  /// status outside 2xx and every other failure throw as ``UserClientError`` says them.
  private func fetch<Body: Decodable>(
    _: Body.Type, _ request: URLRequest
  ) async throws -> (body: Body, response: HTTPURLResponse) {
    try await UserClientError.translating {
      let (data, response) = try await http.data(for: request)
      guard let http = response as? HTTPURLResponse else { throw UserClientError.invalidResponse }
      guard 200..<300 ~= http.statusCode else { throw UserClientError.httpStatus(http.statusCode) }
      return (try JSONDecoder().decode(Body.self, from: data), http)
    }
  }
}
