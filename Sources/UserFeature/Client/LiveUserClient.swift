import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``UserClient`` over HTTP with `URLSession`.
///
/// ## Wire protocol
/// - List: `GET {baseURL}/users/?q={query}&_page={page}&_limit={pageSize}` (`q` omitted when the
///   query is empty) answers `200` with a JSON array of user objects. The trailing slash lets a
///   static server answer from a directory index without a redirect (json-server and
///   JSONPlaceholder treat `/users/` like `/users`); relying on a redirect is not an option because
///   swift-corelibs-foundation follows a relative `Location` to the wrong URL (it drops the port
///   and percent-encodes the query into the path).
///   - A server that filters and pages (json-server style) sends the total number of matching
///     users in an `X-Total-Count` header and only that page in the body; `hasMore` is
///     `(page - 1) * pageSize + count < total`.
///   - Without `X-Total-Count` the body is taken to be the **full, unfiltered** list (a static
///     file server ignores the query string): the client filters and pages it itself, with the
///     same rules as ``OfflineUserClient``. So a directory served by any static file server
///     works: `users/index.html` holding the array and `users/{id}` holding each user.
/// - One user: `GET {baseURL}/users/{id}` answers `200` with one user object, `404` if unknown.
/// - Objects need `id`, `name`, `username` and `email`; other fields are ignored.
///
/// ## Bounded input
/// A body is read only up to ``maximumBodySize`` bytes (4 MiB unless configured; a page of users
/// is a few kilobytes, the whole bundled fixture 11 KB). A longer one fails with
/// ``UserClientError/bodyTooLarge(limit:)``: at its headers when it announces its length, else
/// as soon as its bytes pass the limit, without reading the rest into memory.
///
/// ## One session
/// Every request runs in one `URLSession` the client makes at its creation and keeps for its
/// lifetime (copies of the client share it), so connections to the server are reused. Its
/// delegate is the client's own, which is how the body limit sees bytes as they arrive; a
/// session handed in must therefore have no delegate (see
/// ``init(baseURL:session:timeout:maximumBodySize:)``). The session is invalidated when the
/// last copy of the client is released, after its running requests finish.
///
/// ## Errors and cancellation
/// Throws ``UserClientError``: `.httpStatus` for a status outside 2xx, `.decoding` for a body
/// that is not the expected JSON (an empty body included), `.bodyTooLarge` past the limit,
/// `.connectionLost` when the connection breaks after the response started, `.transport` for
/// other `URLError`s (`.timedOut` once ``timeout`` passes before the response is complete).
/// Cancelling the calling task cancels the `URLSessionTask` and throws `CancellationError`
/// (never `URLError.cancelled`), on every platform.
public struct LiveUserClient: UserClient {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: Duration = .seconds(10)

  /// The body limit used when none is given: 4 MiB (4,194,304 bytes).
  public static let defaultMaximumBodySize = 4 * 1024 * 1024

  /// The server root that the wire protocol's paths are appended to.
  public let baseURL: URL
  /// The longest one request may take in total, from start to complete body, before it is
  /// cancelled and fails with `URLError.timedOut`. Enforced by the client's own timer, with the
  /// same (sub-second) precision on every platform.
  public let timeout: Duration
  /// The most body bytes one response may have; see "Bounded input" above.
  public let maximumBodySize: Int
  /// The one session every request runs in (see "One session" above).
  private let session: TransferSession

  /// Creates a client for the server at `baseURL`, whose session is made from `configuration`.
  ///
  /// - Parameters:
  ///   - baseURL: the server root, for example `https://jsonplaceholder.typicode.com`.
  ///   - configuration: what the client's one session copies (inject stub protocol classes
  ///     here in tests); `.default` unless given.
  ///   - timeout: per-request time limit (see ``timeout``); must be positive.
  ///   - maximumBodySize: the most body bytes accepted (see ``maximumBodySize``); must be
  ///     positive.
  public init(
    baseURL: URL, configuration: URLSessionConfiguration = .default,
    timeout: Duration = defaultTimeout, maximumBodySize: Int = defaultMaximumBodySize
  ) {
    precondition(timeout > .zero, "LiveUserClient: timeout must be positive, got \(timeout)")
    precondition(
      maximumBodySize > 0,
      "LiveUserClient: maximumBodySize must be positive, got \(maximumBodySize)")
    self.baseURL = baseURL
    self.session = TransferSession(configuration: configuration)
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
  }

  /// Creates a client for the server at `baseURL` from an existing session's configuration.
  ///
  /// The client still runs its requests in one session of its own (see "One session" above):
  /// `session` gives only its configuration. A session with a delegate is refused, because that
  /// delegate would never be called; nothing is silently ignored.
  ///
  /// - Throws: ``UserClientSetupError/sessionHasDelegate(delegateType:)`` when `session` has a
  ///   delegate.
  public init(
    baseURL: URL, session: URLSession, timeout: Duration = defaultTimeout,
    maximumBodySize: Int = defaultMaximumBodySize
  ) throws(UserClientSetupError) {
    if let delegate = session.delegate {
      throw .sessionHasDelegate(delegateType: String(describing: type(of: delegate)))
    }
    self.init(
      baseURL: baseURL, configuration: session.configuration, timeout: timeout,
      maximumBodySize: maximumBodySize)
  }

  /// Fetches page `page` of the users matching `query`; see the wire protocol above.
  public func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    precondition(page >= 1, "LiveUserClient: pages start at 1, got \(page)")
    precondition(pageSize >= 1, "LiveUserClient: pageSize must be positive, got \(pageSize)")
    var queryItems = [
      URLQueryItem(name: "_page", value: String(page)),
      URLQueryItem(name: "_limit", value: String(pageSize)),
    ]
    if !query.isEmpty {
      queryItems.insert(URLQueryItem(name: "q", value: query), at: 0)
    }
    let (data, response) = try await get(path: "users/", queryItems: queryItems)
    let users = try decode([User].self, from: data)
    if let total = response.value(forHTTPHeaderField: "X-Total-Count").flatMap(Int.init) {
      return UserPage(users: users, hasMore: (page - 1) * pageSize + users.count < total)
    }
    return try UserSearch.page(of: users, matching: query, page: page, pageSize: pageSize)
  }

  /// Fetches the user with identifier `id`; see the wire protocol above.
  public func user(id: User.ID) async throws -> User {
    let (data, _) = try await get(path: "users/\(id)", queryItems: [])
    return try decode(User.self, from: data)
  }

  private func get(path: String, queryItems: [URLQueryItem]) async throws -> (
    Data, HTTPURLResponse
  ) {
    var url = baseURL.appendingPathComponent(path, isDirectory: path.hasSuffix("/"))
    if !queryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    {
      components.queryItems = queryItems
      url = components.url ?? url
    }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await DataTransfer.perform(
      request, in: session, timeout: timeout, maximumBodySize: maximumBodySize)
    guard let http = response as? HTTPURLResponse else {
      throw UserClientError.invalidResponse
    }
    guard (200...299).contains(http.statusCode) else {
      throw UserClientError.httpStatus(http.statusCode)
    }
    return (data, http)
  }

  private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw UserClientError.decoding(error)
    }
  }
}
