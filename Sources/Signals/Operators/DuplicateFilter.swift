/// Remembers the last value one subscriber received and drops repeats. Internal.
///
/// Its upstream delivers one value at a time, so `receive` never overlaps itself; the lock only
/// publishes `last` between the threads that take turns delivering.
final class DuplicateFilter<Value: Sendable>: Sendable {
  private let last = Locked<Value?>(nil)
  private let isDuplicate: @Sendable (Value, Value) -> Bool
  private let downstream: @Sendable (Value) -> Void

  init(
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    downstream: @escaping @Sendable (Value) -> Void
  ) {
    self.isDuplicate = isDuplicate
    self.downstream = downstream
  }

  @Sendable func receive(_ value: Value) {
    let previous = last.withLock { $0 }
    if let previous, isDuplicate(previous, value) {
      return
    }
    let displaced = last.withLock { last in
      let displaced = last
      last = value
      return displaced
    }
    // The displaced value is released here, outside the lock (its deinit may be user code).
    releaseAfterUnlocking(displaced)
    downstream(value)
  }
}
