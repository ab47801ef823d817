import UserFeature

extension UserDetailState {
  /// The user-detail screen for this state (`userID` names the user before it has loaded).
  /// Pure: the same state always draws the same way.
  func screenContent(userID: User.ID) -> ScreenContent {
    var content = ScreenContent(title: "User #\(userID)", hint: "back · reload · help · quit")
    switch self {
    case .idle:
      break  // a blank screen: the view model has not started (or was cancelled)
    case .loading:
      content.progress = .init(text: "Loading user #\(userID)")
    case .loaded(let user, let isRefreshing):
      content.subtitle = user.name
      content.body = [
        StyledLine("  " + user.name, style: .bold),
        StyledLine("  Username  ", style: .dim) + StyledLine("@" + user.username, style: .accent),
        StyledLine("  Email     ", style: .dim) + StyledLine(user.email),
        StyledLine("  ID        ", style: .dim) + StyledLine(String(user.id)),
      ]
      content.footer = [StyledLine("  Type 'back' to return to the list.", style: .dim)]
      if isRefreshing {
        content.progress = .init(text: "Refreshing")
      }
    case .failed(let error):
      content.body = [
        StyledLine("  Couldn't load this user.", style: .failure),
        StyledLine("  \(error.message)"),
      ]
      content.footer = [
        StyledLine("  Type 'reload' to try again, or 'back' to return to the list.", style: .dim)
      ]
    }
    return content
  }

  /// Whether a request is in flight.
  var isBusy: Bool {
    switch self {
    case .loading, .loaded(_, isRefreshing: true):
      true
    case .idle, .loaded, .failed:
      false
    }
  }
}
