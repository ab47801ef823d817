import Testing

/// Records a test issue unless the ``Timeline`` of `lanes` renders as `expected`; the issue
/// shows where they first differ, then the expected timeline above the actual one.
///
/// ```swift
/// expectTimeline(
///   """
///   ms     |0    |300
///   state  ^idle=loading===
///   toast  ^---------------
///   """,
///   ("state", states), ("toast", toasts))
/// ```
///
/// Trailing spaces and blank lines around `expected` are ignored (see
/// ``Timeline/differences(from:)``). Call it from a Swift Testing test.
public func expectTimeline<each Value>(
  _ expected: String, _ lanes: repeat (String, Recorder<each Value>),
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if let differences = Timeline(repeat each lanes).differences(from: expected) {
    Issue.record(Comment(rawValue: differences), sourceLocation: sourceLocation)
  }
}
