extension Recorder {
  /// Returns the next value in recording order, waiting for it if it has not arrived yet: the
  /// first call returns the first value recorded, the second call the second, and so on
  /// (counting from creation or the last ``clear()``). A value that arrived before the call is
  /// returned at once, so a test never misses a value that came early.
  ///
  /// For work no test controls: a server, a process, a queue or a task of its own. Work the
  /// test controls is settled instead (`settle(tasks:)`, ``ScreenHarness``), then read.
  ///
  /// - Timeout: if the value has not arrived after `timeout` of wall-clock time, throws a
  ///   ``WaitTimeout`` that names the value awaited and lists what was recorded. The limit is a
  ///   safety net against hangs; a correct test never reaches it.
  /// - Each call takes its position when it starts, including a call that then times out or is
  ///   cancelled (which throws `CancellationError`).
  /// - Threading: safe from any task, while values arrive on any thread.
  public func next(timeout: Duration = WaitTimeout.defaultLimit) async throws -> Value {
    let index = takeNextReadIndex()
    let arrived = try await firstArrivals(index + 1, limit: timeout) { [self] in
      waitTimeout(awaiting: "value #\(index + 1) from next()", limit: timeout)
    }
    return arrived[index].value
  }

  /// The error for a wait that gave up, describing what was recorded by then.
  private func waitTimeout(awaiting awaited: String, limit: Duration) -> WaitTimeout {
    let recorded = values
    return WaitTimeout(
      awaited: "\(awaited) on a Recorder<\(Value.self)> (\(kind)); "
        + "\(recorded.count) recorded: \(recorded)",
      limit: limit)
  }
}
