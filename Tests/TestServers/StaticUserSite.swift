import Foundation

/// A temporary directory laid out as the user API, for ``LocalServer`` in `files` mode:
/// `users/index.html` holds the whole JSON array (the directory index answers `/users/`) and
/// `users/{id}` each user object, with every field it has. The bytes are written as given, so a
/// test can serve hostile or malformed users exactly as a server would send them.
public struct StaticUserSite: Sendable {
  /// The site's root directory: serve it.
  public let root: URL

  /// Why a site could not be made.
  public enum SiteError: Error {
    /// The JSON is not an array of objects each with an integer `id`.
    case notAUserArray
  }

  /// Writes the site for `usersJSON`, a JSON array of user objects.
  public static func make(usersJSON: Data) throws -> StaticUserSite {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("user-site-\(UUID().uuidString)")
    let users = root.appendingPathComponent("users")
    try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
    try usersJSON.write(to: users.appendingPathComponent("index.html"))
    guard let objects = try JSONSerialization.jsonObject(with: usersJSON) as? [[String: Any]]
    else { throw SiteError.notAUserArray }
    for object in objects {
      guard let id = object["id"] as? Int else { throw SiteError.notAUserArray }
      let data = try JSONSerialization.data(withJSONObject: object)
      try data.write(to: users.appendingPathComponent(String(id)))
    }
    return StaticUserSite(root: root)
  }

  /// Deletes the directory.
  public func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}

/// Runs `body` with a ``LocalServer`` serving `usersJSON` as a ``StaticUserSite``, each answer
/// `latency` late; the server is stopped and the site deleted on every path.
public func withStaticUserServer<T>(
  serving usersJSON: Data, latency: Duration = .zero,
  isolation: isolated (any Actor)? = #isolation, _ body: (LocalServer) async throws -> T
) async throws -> T {
  let site = try StaticUserSite.make(usersJSON: usersJSON)
  defer { site.remove() }
  return try await withLocalServer(.files, root: site.root, latency: latency, body)
}
