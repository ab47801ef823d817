import ConsoleKit
import UserFeature

/// How one user is drawn in a list: number, name, handle and email in aligned columns.
///
/// Columns are measured in terminal columns (``DisplayWidth``), not characters, so names in
/// Hangul, CJK or with emoji line up with the others. A field too long for its column is cut
/// with `…`, leaving at least one space before the next column, so a row takes at most
/// ``maximumWidth`` columns and never wraps on an 80-column terminal. Every field is sanitized
/// (``TerminalText/init(sanitizing:)``): it came from the server or the fixture.
enum UserRow {
  /// The number column, right-aligned, followed by `". "`.
  static let numberWidth = 4
  /// The name column.
  static let nameWidth = 24
  /// The handle column, `@` included.
  static let handleWidth = 19
  /// The most the email may take (it is the last column).
  static let emailWidth = 30
  /// The widest a row can be: 79 columns.
  static let maximumWidth = numberWidth + 2 + nameWidth + handleWidth + emailWidth

  /// The line for `user` at 1-based `number`.
  static func line(_ user: User, number: Int) -> StyledLine {
    let number: TerminalText = "\(number)"
    return StyledLine("\(number.paddedLeft(toWidth: numberWidth)). ", style: .dim)
      + StyledLine(column(TerminalText(sanitizing: user.name), width: nameWidth), style: .bold)
      + StyledLine(
        column("@\(TerminalText(sanitizing: user.username))", width: handleWidth), style: .accent)
      + StyledLine(TerminalText(sanitizing: user.email).truncated(toWidth: emailWidth), style: .dim)
  }

  /// `text` cut to leave at least one column free, then padded with spaces to `width` columns.
  static func column(_ text: TerminalText, width: Int) -> TerminalText {
    text.truncated(toWidth: width - 1).padded(toWidth: width)
  }
}
