/// Switches standard input's terminal in and out of raw mode, for the search field: the only
/// time the demo reads key by key. A fake stands in for it in tests.
@MainActor
public protocol RawMode: AnyObject {
  /// Keys arrive one by one, unechoed; Ctrl-C arrives as a byte.
  func enter()
  /// The terminal is as it was before ``enter()``.
  func leave()
  /// Ctrl-C was read in raw mode (after ``leave()``): interrupt the process as the terminal
  /// would have. The real one returns only when the process ignores SIGINT.
  func interrupt()
}

/// The real terminal, through ``TerminalPlatform``. Made only after
/// ``TerminalPlatform/prepareRawMode()`` succeeded, which also puts the terminal back on every
/// way out of the process (exit, signals, crashes).
@MainActor
public final class TerminalRawMode: RawMode {
  /// The raw mode of standard input, or `nil` when standard input is not a terminal.
  public static func prepare() -> TerminalRawMode? {
    TerminalPlatform.prepareRawMode() ? TerminalRawMode() : nil
  }

  private init() {}

  /// As ``RawMode`` requires.
  public func enter() {
    TerminalPlatform.enterRawMode()
  }

  /// As ``RawMode`` requires.
  public func leave() {
    TerminalPlatform.restoreTerminal()
  }

  /// As ``RawMode`` requires.
  public func interrupt() {
    TerminalPlatform.interrupt()
  }
}
