import ConsoleKit
import UserFeature

extension UserListState {
  /// The user-list screen for this state: a numbered list with a paging hint, a progress line
  /// while loading, and distinct empty and error screens. Pure: the same state always draws
  /// the same way. The search text (typed on standard input) is quoted through
  /// ``TerminalText/quoting(_:)``; users are drawn by ``UserRow``.
  var screenContent: ScreenContent {
    let quoted = TerminalText.quoting(query)
    var content = ScreenContent(
      title: "Users", subtitle: query.isEmpty ? nil : "matching \"\(quoted)\"",
      hint: "open <n> · more · search <text> · reload · help · quit", search: query)
    switch self {
    case .idle:
      break  // a blank screen: the view model has not started (or was cancelled)
    case .loading(let query):
      content.progress = .init(
        text: query.isEmpty ? "Loading users" : "Searching for \"\(TerminalText.quoting(query))\"")
    case .loaded(let list):
      content.body = list.users.enumerated().map { UserRow.line($1, number: $0 + 1) }
      switch list.activity {
      case .idle(hasMore: true):
        content.footer = [
          StyledLine("  -- \(list.users.count) shown, more available: type 'more'", style: .dim)
        ]
      case .idle(hasMore: false):
        content.footer = [StyledLine("  -- \(list.users.count) shown, end of list", style: .dim)]
      case .refreshing:
        content.progress = .init(text: "Refreshing")
      case .loadingMore:
        content.progress = .init(text: "Loading more users")
      }
    case .empty(let query):
      content.body = [
        StyledLine("  No users match \"\(TerminalText.quoting(query))\".", style: .warning)
      ]
      content.footer = [
        StyledLine("  Try another search, or 'search' alone to see everyone.", style: .dim)
      ]
    case .failed(_, let error):
      content.body = [
        StyledLine("  Couldn't load users.", style: .failure),
        StyledLine("  \(TerminalText(sanitizing: error.message))"),
      ]
      content.footer = [StyledLine("  Type 'reload' to try again.", style: .dim)]
    }
    return content
  }
}

extension UserListRefusal {
  /// The one-line notice for a request the view model refused; a query is quoted through
  /// ``TerminalText/quoting(_:)``.
  var notice: TerminalText {
    switch self {
    case .alreadyShowing(let query):
      query.isEmpty
        ? "Already showing everyone." : "Already showing \"\(TerminalText.quoting(query))\"."
    case .noListToPage:
      "There is no list to page through."
    case .endOfList(let shown):
      "All \(shown) users are shown; there is no next page."
    case .noListToOpen:
      "There is no list to open a user from."
    case .noUser(let number, let shown):
      "There is no user \(number) on the list; pick 1 to \(shown)."
    }
  }
}
