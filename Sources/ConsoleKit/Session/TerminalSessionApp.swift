/// What a ``TerminalSession`` drives: an app that takes command lines and whose top screen may
/// have a search the field edits. Main actor only.
@MainActor
public protocol TerminalSessionApp: AnyObject {
  /// Shows the app's first screen; its first load may run while input is read.
  func show()
  /// Handles one command line at once, without waiting for what it started.
  func perform(_ line: String) -> LineOutcome
  /// Ends the app: every screen goes away.
  func finish()
  /// Whether work is waiting on the app's scheduler (a search waiting for typing to pause).
  var hasScheduledWork: Bool { get }
  /// How long typing must pause before a search runs: shown while ``hasScheduledWork``.
  var searchPause: Duration { get }
  /// Called whenever something may have changed: the session redraws the field then.
  var onActivity: (@MainActor () -> Void)? { get set }
  /// What the search field would search now: the top screen, or `nil` when nothing is shown.
  var searchTarget: (any SearchTarget)? { get }
}

/// A screen the search field can search, like a `UISearchBar`'s delegate.
@MainActor
public protocol SearchTarget: AnyObject {
  /// The text the field starts with, or `nil` when this screen has no search.
  var searchText: String? { get }
  /// The field's text changed: called on every keystroke with the whole text.
  func searchTextDidChange(_ text: String)
}

/// What a command line asks of the session that read it.
public enum LineOutcome: Equatable, Sendable {
  /// Nothing was typed.
  case blank
  /// The command was carried out, or a notice says why not.
  case handled
  /// The line asks to quit.
  case quit
  /// `/` on a terminal, on a screen with a search: the session opens the search field.
  case openSearchField
}
