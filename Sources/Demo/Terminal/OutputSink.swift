import Foundation

/// Where the app's text goes: standard output in the real app, a buffer in tests.
@MainActor
protocol OutputSink: AnyObject {
  /// Writes `text` as is (the caller adds newlines).
  func write(_ text: String)
}

/// Writes to the process's standard output, unbuffered, so a piped reader sees each line as
/// soon as it is printed.
@MainActor
final class StandardOutput: OutputSink {
  func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// Collects everything written, for tests and for capturing a transcript.
@MainActor
final class CapturedOutput: OutputSink {
  private(set) var text = ""

  func write(_ text: String) {
    self.text += text
  }
}
