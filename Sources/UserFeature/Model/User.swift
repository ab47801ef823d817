/// One person in the user directory, as the server sends it.
///
/// Decodes the JSON object that public demo user APIs serve (`id`, `name`, `username`,
/// `email`); any other fields in the object (address, phone, company, ...) are ignored.
///
/// Every text field is bounded, however the user was made (decoded or initialized): at most 512
/// scalars, whole clusters only, and 32 per grapheme cluster (a letter followed by thousands of
/// combining marks keeps its first 31), so no work with a user's text grows with what a server
/// sent. Control characters are kept: the text is not made safe for a terminal here.
public struct User: Identifiable, Hashable, Sendable, Codable {
  /// The server's identifier, stable across requests.
  public let id: Int
  /// The full display name, for example "Leanne Graham".
  public let name: String
  /// The handle, for example "Bret".
  public let username: String
  /// The contact address.
  public let email: String

  /// Creates a user from its fields, each bounded as the type's documentation says.
  public init(id: Int, name: String, username: String, email: String) {
    self.id = id
    self.name = BoundedText.bounding(name)
    self.username = BoundedText.bounding(username)
    self.email = BoundedText.bounding(email)
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, username, email
  }

  /// Decodes a user object, each text field bounded as the type's documentation says.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      username: try container.decode(String.self, forKey: .username),
      email: try container.decode(String.self, forKey: .email))
  }
}
