import Testing

extension ScreenHarness {
  /// Settles (as ``advance(by:sourceLocation:)`` by zero: tasks may be left waiting
  /// for the test), then asserts that the oldest emissions not yet asserted are `values` of
  /// `output`, in order, and consumes them. Emissions of ignored outputs on the way are skipped.
  /// With `time`, each of them must also have arrived at that virtual time.
  ///
  /// - Failure: one issue at the caller's line showing the expected and the arrived sequences
  ///   side by side (each arrival as `output: value @ time`, across outputs), and what the view
  ///   model waits for, if anything. Nothing is consumed, so
  ///   ``finish(sourceLocation:)`` lists the arrivals again.
  public func expect<Value: Sendable & Equatable>(
    _ output: ScreenOutput<Value>, _ values: Value..., at time: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard await settleWork(at: sourceLocation) else { return }
    let (positions, arrived) = candidates(for: output.id)
    let matches =
      positions.count >= values.count
      && zip(positions, values).allSatisfy { position, value in
        arrived[position].output == output.id && arrived[position].value as? Value == value
          && (time == nil || arrived[position].time == time)
      }
    if matches {
      log.removeFirst(values.isEmpty ? 0 : positions[values.count - 1] + 1)
      return
    }
    let expected = values.map {
      "\(output.name): \($0)" + (time.map { " @ \($0.millisecondsText)ms" } ?? "")
    }
    let actual = positions.map { arrived[$0].description }
    Issue.record(
      Comment(
        rawValue: "expect(\(output.name)) did not match what arrived:\n"
          + sideBySide(expected, actual) + waitingForTest),
      sourceLocation: sourceLocation)
  }

  /// Settles as ``expect(_:_:at:sourceLocation:)`` does, then takes the oldest
  /// emission not yet asserted, which must be one of `output`, and returns its value for the
  /// test to examine; or records an issue listing what arrived and returns `nil`.
  public func take<Value: Sendable>(
    _ output: ScreenOutput<Value>, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Value? {
    guard await settleWork(at: sourceLocation) else { return nil }
    let (positions, arrived) = candidates(for: output.id)
    if let first = positions.first, arrived[first].output == output.id,
      let value = arrived[first].value as? Value
    {
      log.removeFirst(first + 1)
      return value
    }
    Issue.record(
      Comment(
        rawValue: "take(\(output.name)): the next arrival is not one: "
          + "\(positions.map { arrived[$0].description })" + waitingForTest),
      sourceLocation: sourceLocation)
    return nil
  }

  /// The unasserted emissions, and the positions among them an assertion on output `id` looks
  /// at: all but those of ignored outputs (other than `id`).
  private func candidates(for id: Int) -> ([Int], [EmissionLog.Emission]) {
    let arrived = log.unasserted
    let positions = arrived.indices.filter {
      arrived[$0].output == id || !ignored.contains(arrived[$0].output)
    }
    return (positions, arrived)
  }

  /// `expected` and `actual` in two columns, a row a position, `✗` where they differ (arrivals
  /// after the expected ones are listed unmarked: the next assertion may take them). When the
  /// expected column would be wider than `columnLimit`, each position takes two lines instead.
  private func sideBySide(
    _ expected: [String], _ actual: [String], columnLimit: Int = 48
  ) -> String {
    let width = (["expected"] + expected).map(\.count).max() ?? 0
    return (0..<max(expected.count, actual.count) + 1).map { row in
      guard row > 0 else {
        return width > columnLimit
          ? "  (expected, then arrived)"
          : "    expected"
            + String(repeating: " ", count: width - 8) + " | arrived"
      }
      let left = row <= expected.count ? expected[row - 1] : ""
      let right = row <= actual.count ? actual[row - 1] : "(nothing)"
      let differs =
        row <= expected.count && right != left && !right.hasPrefix(left + " @")
      let mark = differs ? "✗" : " "
      guard width <= columnLimit else {
        return "  \(mark) \(left.isEmpty ? "-" : left)\n      \(right)"
      }
      return "  \(mark) \(left)\(String(repeating: " ", count: width - left.count)) | \(right)"
    }.joined(separator: "\n")
  }
}
