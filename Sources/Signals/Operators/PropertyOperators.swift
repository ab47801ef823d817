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
      readConsistently: { snapshot in transform(upstream.readConsistently(snapshot)) },
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
  /// would never deliver it. The current value is always delivered first.
  public func removeDuplicates(
    by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
  ) -> Property<Value> {
    let upstream = self
    return Property(
      read: { upstream.value },
      readConsistently: upstream.readConsistently,
      subscribe: { handler in
        upstream.sink(DuplicateFilter(isDuplicate: isDuplicate, downstream: handler).receive)
      })
  }

  /// The same property, its changes thinned to at most one per `interval`, each carrying the
  /// latest value: a dial or a progress bar that must not redraw for every write.
  ///
  /// - Replay: a subscriber receives the current value at once, as from any property; that
  ///   starts an interval.
  /// - Ordering: a change is held until the interval running ends, then the latest change held
  ///   goes out and starts the next interval; an interval that held nothing ends the
  ///   throttling, and the next change starts a new interval and waits for its end. So
  ///   deliveries are at least `interval` apart, a change waits at most `interval`, the last
  ///   value set is always delivered, and never an older value after a newer one.
  /// - Threading: the changes are delivered through `scheduler` (a `TestScheduler` in tests:
  ///   an interval started at t ends when the clock reaches t + interval), one at a time and in
  ///   order even on a concurrent scheduler. ``value`` still reads the source's stored value,
  ///   so it may be ahead of what a subscriber has received so far.
  /// - Cancellation: cancelling the token drops a held change and the pending interval's end;
  ///   each subscriber has its own upstream subscription and its own intervals.
  ///
  /// Compare ``EventStream/throttle(for:scheduler:latest:)``, where the first event after a
  /// quiet period goes out at once: a property's first value is its current value, and its
  /// changes always wait for an interval's end.
  public func throttle(for interval: Duration, scheduler: some SignalScheduler) -> Property<Value> {
    precondition(interval >= .zero, "throttle(for:scheduler:): negative interval")
    let upstream = self
    return Property(
      read: { upstream.value },
      readConsistently: upstream.readConsistently,
      subscribe: { handler in
        let (output, outputToken) = Channel.output(to: handler)
        let throttler = Throttler(
          interval: interval, keepsLatest: true, leading: .firstOnly, scheduler: scheduler,
          output: output)
        let upstreamToken = upstream.sink(throttler.receive)
        return .combining(outputToken, SubscriptionToken { throttler.cancel() }, upstreamToken)
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

  /// A property holding both values; it changes whenever either source changes, and it is
  /// glitch-free: it never holds a pair that never existed.
  ///
  /// Its current value is `(value, other.value)`, read as one snapshot: each owner (a
  /// ``MutableProperty``) the two sources derive from is read once, so sources that share an
  /// owner (`a.map(f)` and `a.map(g)`, a diamond) give `(f(x), g(x))` for one stored `x`, never
  /// `f` of a new value beside `g` of the old one.
  ///
  /// A subscriber receives the current pair first. Then, whenever either source notifies a
  /// change, the pair is read again as a snapshot and delivered if some owner it came from has
  /// a newer value than in the pair delivered last: **once per change of an owner**, however
  /// many paths that change reaches it by, and never an older pair after a newer one.
  ///
  /// - Coalescing: a notification reads the owners' *stored* values, which may be ahead of the
  ///   value being delivered (a value set from inside a handler is stored at once and delivered
  ///   later). The subscriber then receives the newer pair at once and nothing more when the
  ///   queued change arrives: like all state, it may skip an intermediate pair, never the last.
  /// - Threads: the pair is delivered on the thread of the notification that first saw the
  ///   change, even if a source delivers through `receive(on:)`; deliveries never overlap.
  /// - Where it does not hold: a source built with ``init(read:subscribe:)`` has no version, so
  ///   each of its notifications delivers a pair (read as consistently as its `read` allows).
  ///   Events have no current value: ``EventStream/combineLatest(_:)`` pairs the latest events.
  public func combineLatest<Other: Sendable>(
    _ other: Property<Other>
  ) -> Property<(Value, Other)> {
    .combineLatest(self, other)
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
