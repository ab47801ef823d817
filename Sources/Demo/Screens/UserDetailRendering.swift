import ConsoleKit
import UserFeature

extension UserDetailState {
  /// The widest a user's field is shown on the detail screen: 60 columns, cut with `…`.
  static let fieldWidth = 60

  /// The user-detail screen for this state (`userID` names the user before it has loaded).
  /// Pure: the same state always draws the same way. The user's fields and the error message
  /// are sanitized (``TerminalText/init(sanitizing:)``) and cut to ``fieldWidth``.
  func screenContent(userID: User.ID) -> ScreenContent {
    var content = ScreenContent(title: "User #\(userID)", hint: "back · reload · help · quit")
    switch self {
    case .idle:
      break  // a blank screen: the view model has not started (or was cancelled)
    case .loading:
      content.progress = .init(text: "Loading user #\(userID)")
    case .loaded(let user, let isRefreshing):
      let name = Self.field(user.name)
      content.subtitle = name
      content.body = [
        StyledLine("  \(name)", style: .bold),
        StyledLine("  Username  ", style: .dim)
          + StyledLine("@\(Self.field(user.username))", style: .accent),
        StyledLine("  Email     ", style: .dim) + StyledLine(Self.field(user.email)),
        StyledLine("  ID        ", style: .dim) + StyledLine("\(user.id)"),
      ]
      content.footer = [StyledLine("  Type 'back' to return to the list.", style: .dim)]
      if isRefreshing {
        content.progress = .init(text: "Refreshing")
      }
    case .failed(let error):
      content.body = [
        StyledLine("  Couldn't load this user.", style: .failure),
        StyledLine("  \(TerminalText(sanitizing: error.message))"),
      ]
      content.footer = [
        StyledLine("  Type 'reload' to try again, or 'back' to return to the list.", style: .dim)
      ]
    }
    return content
  }

  /// One of the user's fields, as received, made safe and short enough to show.
  private static func field(_ outside: String) -> TerminalText {
    TerminalText(sanitizing: outside).truncated(toWidth: fieldWidth)
  }
}
