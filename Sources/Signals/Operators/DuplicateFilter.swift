/// Drops repeats of the last value one subscriber received. Internal. `receive` never overlaps
/// itself (upstream delivers one at a time): the lock only publishes `last` across threads.
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
