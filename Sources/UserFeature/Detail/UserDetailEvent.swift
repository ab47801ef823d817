/// One-off things the user-detail screen should do once.
public enum UserDetailEvent: Equatable, Sendable {
  /// Show `message` briefly; the screen keeps what it shows (for example a failed refresh).
  case toast(String)
  /// Leave the screen (navigate back).
  case close
}
