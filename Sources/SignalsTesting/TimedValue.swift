/// A value a ``Recorder`` received, with the virtual time it arrived at.
public struct TimedValue<Value> {
  /// The scheduler's ``TestScheduler/now`` when the value arrived.
  public let time: Duration
  /// The value.
  public let value: Value

  /// Creates a timed value, for writing expectations: `TimedValue(.milliseconds(300), "a")`.
  public init(_ time: Duration, _ value: Value) {
    self.time = time
    self.value = value
  }
}

extension TimedValue: Equatable where Value: Equatable {}
extension TimedValue: Sendable where Value: Sendable {}
