/// The size of the terminal standard output is attached to.
struct TerminalSize: Equatable, Sendable {
  var rows: Int
  var columns: Int

  /// A classic terminal, used when the size cannot be read.
  static let fallback = TerminalSize(rows: 24, columns: 80)

  /// Reads the current size (it changes when the window is resized).
  static func current() -> TerminalSize {
    guard let (rows, columns) = TerminalPlatform.outputWindowSize() else { return fallback }
    return TerminalSize(rows: rows, columns: columns)
  }
}
