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
