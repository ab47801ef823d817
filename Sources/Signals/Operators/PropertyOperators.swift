/// Operators on state, each a new ``Property``: a current value, received first by a new
/// subscriber, then changes in order. Each subscriber has its own upstream subscription, and a
/// derived ``Property/value`` is computed from its source's when read: transforms must be pure.
extension Property {
  /// A property whose value is always `transform(value)`; `@inlinable`, like `EventStream.map`.
  @inlinable
  public func map<Output: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Output
  ) -> Property<Output> {
    let upstream = self
    return Property<Output>(
      read: { transform(upstream.value) },
      readConsistently: { snapshot in transform(upstream.readConsistently(snapshot)) },
      subscribe: { handler in
        upstream.sink { handler(transform($0)) }
      })
  }

  /// The same property, skipping a value when `isDuplicate(previous, value)`, `previous` being
  /// the last value *delivered* to this subscriber (RxSwift's rule), not the last from upstream
  /// (Combine's): with a "close enough" predicate, a value drifting in small steps goes out once
  /// it has drifted far enough, where Combine's never would. The current value always goes first.
  public func removeDuplicates(
    by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
  ) -> Property<Value> {
    delivered { handler in sink(skippingDuplicates(isDuplicate, then: handler)) }
  }

  /// The same property, its changes thinned to at most one per `interval`, each carrying the
  /// latest value: a dial or a progress bar that must not redraw for every write.
  ///
  /// - Replay: each subscriber receives the current value at once; that starts its own intervals.
  /// - Ordering: a change waits for the running interval's end, when the latest held goes out and
  ///   starts the next; an interval that held nothing ends the throttling, and the next change
  ///   starts a new one. So deliveries are at least `interval` apart, a change waits at most
  ///   `interval`, the last value set always goes out, and never an older value after a newer.
  /// - Threading and timing: as for ``EventStream/throttle(for:scheduler:latest:)``. ``value``
  ///   reads the source's stored value, so it may be ahead of what was delivered.
  /// - Cancellation: drops a held change and the pending interval's end.
  public func throttle(for interval: Duration, scheduler: some SignalScheduler) -> Property<Value> {
    precondition(interval >= .zero, "throttle(for:scheduler:): negative interval")
    return delivered { handler in
      let (output, outputToken) = Channel.output(to: handler)
      let throttler = Throttler(
        interval: interval, leadsEveryWindow: false, scheduler: scheduler, output: output)
      let upstreamToken = sink(throttler.receive)
      return CompositeToken([outputToken, SubscriptionToken { throttler.cancel() }, upstreamToken])
    }
  }

  /// The changes of this property as events: every value set after subscribing, not the current;
  /// how state feeds event operators such as ``EventStream/debounce(for:scheduler:)``.
  public var changes: EventStream<Value> {
    EventStream { handler in
      let isReplay = Locked(true)  // the first value a subscription delivers is the current one
      return sink { value in
        let skips = isReplay.withLock { isReplay in
          defer { isReplay = false }
          return isReplay
        }
        if !skips { handler(value) }
      }
    }
  }
}

extension Property where Value: Equatable {
  /// The same property, skipping a value equal to the last one this subscriber received.
  public func removeDuplicates() -> Property<Value> {
    removeDuplicates(by: ==)
  }
}

/// `downstream`, skipping a value when `isDuplicate(previous, value)`, `previous` being the last
/// value it received. Calls never overlap (upstream delivers one at a time): the lock only
/// publishes `last` across threads, and a displaced value is released after unlocking.
func skippingDuplicates<Value: Sendable>(
  _ isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
  then downstream: @escaping @Sendable (Value) -> Void
) -> @Sendable (Value) -> Void {
  let last = Locked<Value?>(nil)
  return { value in
    if let previous = last.withLock({ $0 }), isDuplicate(previous, value) { return }
    let displaced = last.withLock { last in
      defer { last = value }
      return last
    }
    releaseAfterUnlocking(displaced)
    downstream(value)
  }
}
