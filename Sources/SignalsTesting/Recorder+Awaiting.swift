extension Recorder {
  /// Returns the next value in recording order, waiting for it if it has not arrived yet: the
  /// first call returns the first value recorded, the second call the second, and so on
  /// (counting from creation or the last ``clear()``). A value that arrived before the call is
  /// returned at once, so a test never misses a value that came early.
  ///
  /// For work no test controls: a server, a process, a queue or a task of its own. Work the
  /// test controls is settled instead (`settle(tasks:)`, ``ScreenHarness``), then read.
  ///
  /// - Failure: if the calling task is cancelled first, or the value has not arrived after
  ///   sixty seconds of wall clock (a safety net against hangs only), records a test failure at
  ///   the caller's line naming the value awaited and listing what was recorded, and returns
  ///   `nil`.
  /// - Each call takes its position when it starts, including a call that then fails.
  /// - Threading: safe from any task, while values arrive on any thread.
  public func next(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Value? {
    let index = takeNextReadIndex()
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return await waiters.wait(
      for: { value(at: index) }, at: site,
      awaiting: "value #\(index + 1) from next() on a Recorder<\(Value.self)> (\(kind)); "
        + "\(values.count) recorded: \(values)")
  }
}
