/// The size of the terminal standard output is attached to.
public struct TerminalSize: Equatable, Sendable {
  /// Lines of the terminal.
  public var rows: Int
  /// Columns of the terminal.
  public var columns: Int

  /// A classic terminal, used when the size cannot be read.
  public static let fallback = TerminalSize(rows: 24, columns: 80)

  /// Reads the current size (it changes when the window is resized).
  public static func current() -> TerminalSize {
    guard let (rows, columns) = TerminalPlatform.outputWindowSize() else { return fallback }
    return TerminalSize(rows: rows, columns: columns)
  }
}
