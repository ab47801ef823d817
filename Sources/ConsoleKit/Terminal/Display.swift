/// Draws the app: the top screen's state, and the transient output of events and commands.
///
/// State and events are drawn differently on purpose. ``show(_:)`` replaces what the screen
/// shows (it is called again with the same content when a screen re-binds); ``toast(_:)`` is
/// called once per event and is never re-drawn by a later ``show(_:)`` after the next command.
///
/// Every call takes ``TerminalText`` or ``StyledLine``, never a `String`: text from outside (the
/// server, the fixture, standard input) has to pass ``TerminalText/init(sanitizing:)`` to get
/// here, so it cannot reach the terminal raw.
@MainActor
public protocol Display: AnyObject {
  /// A command line was read (before it is handled). Transient output of the previous command
  /// goes away.
  func commandBegan(_ line: TerminalText)
  /// Draws `content` as the current screen.
  func show(_ content: ScreenContent)
  /// Shows a one-off message from an event, once.
  func toast(_ message: TerminalText)
  /// One line of feedback about a command: bad input, or nothing to do.
  func notice(_ message: TerminalText)
  /// Informational lines, for example the command list.
  func inform(_ lines: [StyledLine])
  /// The app waits for the next command: show a prompt if there is one.
  func ready()
  /// Shows the search field (on a terminal, instead of the prompt), or hides it (`nil`).
  func showSearchField(_ field: SearchFieldView?)
  /// One entry of the trace (`--trace`), as it happens.
  func trace(_ entry: TraceEntry)
  /// The app is about to exit.
  func finish()
}
