/// One-off things the user-list screen should do once: show a toast, open a detail screen.
///
/// Events are not replayed (see `EventStream`): bind before calling the view model's methods.
public enum UserListEvent: Equatable, Sendable {
  /// Show `message` briefly; the list stays as it is (for example a failed refresh).
  case toast(String)
  /// Open the detail screen for the user with this identifier.
  case showDetail(User.ID)
  /// A request the view model did not carry out, and why; the list stays as it is.
  case refused(UserListRefusal)
}
