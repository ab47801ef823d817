/// Collects everything written, for tests and for capturing a transcript.
@MainActor
public final class CapturedOutput: OutputSink {
  private(set) var text = ""

  /// As ``OutputSink`` requires.
  public func write(_ text: String) {
    self.text += text
  }
}
