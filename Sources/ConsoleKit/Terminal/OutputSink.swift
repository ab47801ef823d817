/// Where the app's text goes: standard output in the real app, a buffer in tests.
@MainActor
public protocol OutputSink: AnyObject {
  /// Writes `text` as is (the caller adds newlines).
  func write(_ text: String)
}
