/// Operators on state. Each returns a new ``Property`` with the same rules: it always has a
/// current value, a new subscriber receives it first, then changes in order.
///
/// Operators run per subscription, like Combine's: each subscriber of a derived property gets
/// its own upstream subscription, and ``Property/value`` of a derived property is computed from
/// its source's value when read, so transforms must be pure.
extension Property {
  /// A property whose value is `transform(value)`; its current value is always
  /// `transform(source.value)`. `@inlinable`, like `EventStream.map`, so that the per-value
  /// closure is compiled for the client's concrete types.
  @inlinable
  public func map<Output: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Output
  ) -> Property<Output> {
    let upstream = self
    return Property<Output>(
      read: { transform(upstream.value) },
      subscribe: { handler in
        upstream.sink { handler(transform($0)) }
      })
  }

  /// The same property, skipping a value when `isDuplicate(previous, value)` is `true`, where
  /// `previous` is the last value this subscriber received.
  ///
  /// That is the last value *delivered* (RxSwift's rule), not the last that arrived from
  /// upstream (Combine's): for a predicate that is not an equivalence ("close enough"), a value
  /// drifting in small steps is delivered once it has drifted far enough, where Combine's rule
  /// would never deliver it.
  /// That is the last value *delivered* (RxSwift's rule), not the last that arrived from upstream
  /// (Combine's): for a predicate that is not an equivalence ("close enough"), a value drifting
  /// in small steps is delivered once it has drifted far enough, where Combine's rule would
  /// never deliver it. The current value is always
  /// delivered first.
  public func removeDuplicates(
    by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
  ) -> Property<Value> {
    let upstream = self
    return Property(
      read: { upstream.value },
      subscribe: { handler in
        upstream.sink(DuplicateFilter(isDuplicate: isDuplicate, downstream: handler).receive)
      })
  }

  /// The changes of this property as events: a subscriber receives every value set after it
  /// subscribed, without the current one. Use it to feed state into event operators such as
  /// ``EventStream/debounce(for:scheduler:)``.
  public var changes: EventStream<Value> {
    let upstream = self
    return EventStream { handler in
      let skipper = FirstValueSkipper(downstream: handler)
      return upstream.sink(skipper.receive)
    }
  }

  /// A property holding both values; it changes whenever either source changes.
  ///
  /// Its current value is `(value, other.value)`. A subscriber receives the pair of current
  /// values first, then a new pair after each change of either source, in the order the
  /// changes were received; its last pair is always the pair of the sources' last values.
  public func combineLatest<Other: Sendable>(
    _ other: Property<Other>
  ) -> Property<(Value, Other)> {
    let first = self
    return Property<(Value, Other)>(
      read: { (first.value, other.value) },
      subscribe: { handler in
        let (relay, relayToken) = Channel<(Value, Other)>.relay(on: nil, to: handler)
        let latest = Locked<(Value?, Other?)>((nil, nil))
        // The pair is computed under the relay's lock, so pairs are sent in the order the source
        // values were received even when the two sources deliver on different threads. The
        // value a new one displaces is released after both locks (its deinit may be user code).
        let firstToken = first.sink { value in
          var displaced: Value?
          relay.send {
            latest.withLock { latest in
              displaced = latest.0
              latest.0 = value
              return latest.1.map { (value, $0) }
            }
          }
          withExtendedLifetime(displaced) {}
        }
        let otherToken = other.sink { value in
          var displaced: Other?
          relay.send {
            latest.withLock { latest in
              displaced = latest.1
              latest.1 = value
              return latest.0.map { ($0, value) }
            }
          }
          withExtendedLifetime(displaced) {}
        }
        return .combining(relayToken, firstToken, otherToken)
      })
  }

  /// A property holding `transform(value, other.value)`; see ``combineLatest(_:)``.
  public func combineLatest<Other: Sendable, Output: Sendable>(
    _ other: Property<Other>, _ transform: @escaping @Sendable (Value, Other) -> Output
  ) -> Property<Output> {
    combineLatest(other).map { transform($0.0, $0.1) }
  }
}

extension Property where Value: Equatable {
  /// The same property, skipping a value equal to the last one this subscriber received.
  public func removeDuplicates() -> Property<Value> {
    removeDuplicates(by: ==)
  }
}

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
