#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of the terminal standard output is attached to.
struct TerminalSize: Equatable, Sendable {
  var rows: Int
  var columns: Int

  /// A classic terminal, used when the size cannot be read.
  static let fallback = TerminalSize(rows: 24, columns: 80)

  /// Reads the current size (it changes when the window is resized).
  static func current() -> TerminalSize {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0
    else { return fallback }
    return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
  }
}
