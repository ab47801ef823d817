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
/// ``Timeline/differences(from:)``). The failure is reported at the caller's line: a Swift
/// Testing issue in a Swift Testing test, an `XCTFail` in an `XCTestCase`.
public func expectTimeline<each Value>(
  _ expected: String, _ lanes: repeat (String, Recorder<each Value>),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  if let differences = Timeline(repeat each lanes).differences(from: expected) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FailureReport.record(differences, at: site)
  }
}
