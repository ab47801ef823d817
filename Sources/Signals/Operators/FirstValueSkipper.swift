/// Drops the first value a property subscription delivers (its current value). Internal.
final class FirstValueSkipper<Value: Sendable>: Sendable {
  private let skipped = Locked(false)
  private let downstream: @Sendable (Value) -> Void

  init(downstream: @escaping @Sendable (Value) -> Void) {
    self.downstream = downstream
  }

  @Sendable func receive(_ value: Value) {
    let isFirst = skipped.withLock { skipped in
      defer { skipped = true }
      return !skipped
    }
    if !isFirst {
      downstream(value)
    }
  }
}
