import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP requests of the user API that ``LiveUserClient`` speaks.
///
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
enum UserAPI {
  /// The request for page `page` of the users matching `query`.
  static func users(matching query: String, page: Int, pageSize: Int, at baseURL: URL)
    -> URLRequest
  {
    precondition(page >= 1, "LiveUserClient: pages start at 1, got \(page)")
    precondition(pageSize >= 1, "LiveUserClient: pageSize must be positive, got \(pageSize)")
    let list = baseURL.appendingPathComponent("users/", isDirectory: true)
    var components = URLComponents(url: list, resolvingAgainstBaseURL: true)
    components?.queryItems =
      (query.isEmpty ? [] : [URLQueryItem(name: "q", value: query)]) + [
        URLQueryItem(name: "_page", value: String(page)),
        URLQueryItem(name: "_limit", value: String(pageSize)),
      ]
    return get(components?.url ?? list)
  }

  /// The request for the user with identifier `id`.
  static func user(id: User.ID, at baseURL: URL) -> URLRequest {
    get(baseURL.appendingPathComponent("users/\(id)", isDirectory: false))
  }

  /// A `GET` (`URLRequest`'s default method) of `url` that accepts JSON.
  private static func get(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }
}
