import Foundation

/// Writing to the process's standard output and error without trapping when they are gone.
public enum StandardStreams {
  /// Writes `text` to standard output; when that fails (see ``StandardOutput``), ends the
  /// process with ``DemoExitStatus/outputClosed``.
  public static func writeOrExit(_ text: String) {
    var text = text
    let written = text.withUTF8 { TerminalPlatform.writeAll(UnsafeRawBufferPointer($0), to: 1) }
    if !written {
      exit(DemoExitStatus.outputClosed)
    }
  }

  /// Writes `text` to standard error; a failure is ignored (there is nowhere to report it).
  public static func writeError(_ text: String) {
    var text = text
    _ = text.withUTF8 { TerminalPlatform.writeAll(UnsafeRawBufferPointer($0), to: 2) }
  }
}
