extension Recorder {
  /// Returns the next value in recording order, waiting for it if it has not arrived yet: the
  /// first call returns the first value recorded, the second call the second, and so on
  /// (counting from creation or the last ``clear()``). A value that arrived before the call is
  /// returned at once, so a test never misses a value that came early:
  ///
  /// ```swift
  /// viewModel.search("ann")
  /// scheduler.advance(by: .milliseconds(300))  // the view model hops to the main actor
  /// #expect(try await states.next() == .idle)
  /// #expect(try await states.next() == .loading(query: "ann"))
  /// ```
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

  /// Returns the first `count` values recorded (since creation or the last ``clear()``), once
  /// the recorder holds that many: at once if it already does. Values recorded after the first
  /// `count` are not returned; read ``values`` to assert that nothing else arrived.
  ///
  /// - Timeout: if fewer than `count` values have arrived after `timeout` of wall-clock time,
  ///   throws a ``WaitTimeout`` that lists what was recorded. A safety net against hangs only.
  /// - Cancellation: throws `CancellationError` if the calling task is cancelled first.
  /// - Threading: safe from any task, while values arrive on any thread.
  public func values(count: Int, timeout: Duration = WaitTimeout.defaultLimit) async throws
    -> [Value]
  {
    try await firstArrivals(count, limit: timeout) { [self] in
      waitTimeout(awaiting: "values(count: \(count))", limit: timeout)
    }.map(\.value)
  }

  /// Settles (see ``settle(_:tasks:timeout:fileID:filePath:line:column:)``), then returns the
  /// first `count` values recorded (since creation or the last ``clear()``), or throws at once
  /// if the system settled with fewer: no deadline to wait out when an expectation is wrong.
  ///
  /// ```swift
  /// calls.resolve(0, with: users)
  /// let states = try await recorder.values(count: 3, settling: scheduler, tasks: tasks)
  /// ```
  ///
  /// - Failure: a ``SettleFailure`` listing every value recorded, for example
  ///   `settled with 2 of 3 values on a Recorder<State> (state): [idle, loading]`; or, if a
  ///   task is still running after `timeout`, one saying so.
  /// - Threading: on the main actor, as `settle` is.
  @MainActor
  public func values(
    count: Int, settling scheduler: TestScheduler?, tasks: TaskOwnerProbe...,
    timeout: Duration = .seconds(60)
  ) async throws -> [Value] {
    if let unsettled = await settleRounds(scheduler, tasks, runsAll: false, timeout: timeout) {
      throw SettleFailure(description: "values(count: \(count)): \(unsettled)")
    }
    let recorded = values
    guard recorded.count >= count else {
      throw SettleFailure(
        description: "settled with \(recorded.count) of \(count) values on a "
          + "Recorder<\(Value.self)> (\(kind)): \(recorded)")
    }
    return Array(recorded.prefix(count))
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
