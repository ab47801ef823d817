/// One person in the user directory, as the server sends it.
///
/// Decodes the JSON object that public demo user APIs serve (`id`, `name`, `username`,
/// `email`); any other fields in the object (address, phone, company, ...) are ignored.
public struct User: Identifiable, Hashable, Sendable, Codable {
  /// The server's identifier, stable across requests.
  public let id: Int
  /// The full display name, for example "Leanne Graham".
  public let name: String
  /// The handle, for example "Bret".
  public let username: String
  /// The contact address.
  public let email: String

  /// Creates a user from its fields.
  public init(id: Int, name: String, username: String, email: String) {
    self.id = id
    self.name = name
    self.username = username
    self.email = email
  }
}
