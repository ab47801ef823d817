import UserFeature

/// How one user is drawn in a list: number, name, handle and email in aligned columns.
enum UserRow {
  /// The line for `user` at 1-based `number`.
  static func line(_ user: User, number: Int) -> StyledLine {
    StyledLine(padLeft(String(number), to: 4) + ". ", style: .dim)
      + StyledLine(pad(user.name, to: 24), style: .bold)
      + StyledLine(pad("@" + user.username, to: 19), style: .accent)
      + StyledLine(user.email, style: .dim)
  }

  /// `text` followed by spaces up to `width` characters, and at least one space.
  static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.count, 1))
  }

  private static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
  }
}
