import Foundation

/// Where the app's text goes: standard output in the real app, a buffer in tests.
@MainActor
public protocol OutputSink: AnyObject {
  /// Writes `text` as is (the caller adds newlines).
  func write(_ text: String)
}

/// Writes to the process's standard output, unbuffered, so a piped reader sees each line as
/// soon as it is printed.
///
/// When the output is gone (the reader closed the pipe with SIGPIPE ignored, or the terminal
/// hung up with SIGHUP ignored), there is no one left to show the session to: the process ends
/// at once with ``DemoExitStatus/outputClosed``, the terminal put back by the exit handler.
@MainActor
public final class StandardOutput: OutputSink {
  /// The process's standard output.
  public init() {}

  /// As ``OutputSink`` requires.
  public func write(_ text: String) {
    StandardStreams.writeOrExit(text)
  }
}

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

/// The Demo's exit statuses.
public enum DemoExitStatus {
  /// Standard output was closed or its terminal hung up: 3.
  public static let outputClosed: Int32 = 3
}

/// Collects everything written, for tests and for capturing a transcript.
@MainActor
public final class CapturedOutput: OutputSink {
  private(set) var text = ""

  /// As ``OutputSink`` requires.
  public func write(_ text: String) {
    self.text += text
  }
}
