/// Why the user list did not carry out a request (``UserListEvent/refused(_:)``): the view model
/// decides, the screen only says so.
public enum UserListRefusal: Equatable, Sendable {
  /// ``UserListViewModel/submitSearch(_:)`` for the query whose result is already on screen.
  case alreadyShowing(query: String)
  /// ``UserListViewModel/loadNextPage()`` with no list on screen.
  case noListToPage
  /// ``UserListViewModel/loadNextPage()`` at the end of the list: all `shown` users are shown.
  case endOfList(shown: Int)
  /// ``UserListViewModel/open(_:)`` with no list on screen.
  case noListToOpen
  /// ``UserListViewModel/open(_:)`` for a position past the `shown` users (or below 1).
  case noUser(number: Int, shown: Int)
}
