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
    let first = self
    let readPair: @Sendable (ReadSnapshot) -> (Value, Other) = { snapshot in
      (first.readConsistently(snapshot), other.readConsistently(snapshot))
    }
    return Property<(Value, Other)>(
      read: { ReadSnapshot.consistently(readPair).0 },
      readConsistently: readPair,
      subscribe: { handler in
        let combiner = SnapshotCombiner(read: readPair, handler: handler)
        let firstToken = first.sink { _ in combiner.sourceChanged() }
        let otherToken = other.sink { _ in combiner.sourceChanged() }
        return .combining(combiner.token, firstToken, otherToken)
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

extension Property {
  /// The same state with its changes throttled: a subscriber receives the current value at once,
  /// as from every property, then at most one value per `interval`, always the latest. The
  /// first change after a quiet period goes out at once; changes during the `interval` that
  /// follows are held, and the latest goes out when it ends, starting a new interval; an
  /// interval that held nothing ends the throttling. So the last value a subscriber receives is
  /// the stored value, at most `interval` after it was stored.
  ///
  /// Only the latest: a property's subscriber wants the state, and an older held value would
  /// show a state that is no longer true (``EventStream/throttle(for:scheduler:latest:)`` can
  /// keep the first instead). ``value`` reads the stored value directly, so it may be ahead of
  /// what a subscriber has received so far. Timing comes from `scheduler` (a `TestScheduler` in
  /// tests); deliveries stay one at a time and in order even on a concurrent scheduler.
  /// Cancelling drops a held value.
  public func throttle(for interval: Duration, scheduler: some SignalScheduler) -> Property<Value> {
    precondition(interval >= .zero, "throttle(for:scheduler:): negative interval")
    let upstream = self
    return Property(
      read: { upstream.value },
      readConsistently: upstream.readConsistently,
      subscribe: { handler in
        let (output, outputToken) = Channel.output(to: handler)
        let throttler = Throttler(
          interval: interval, keepsLatest: true, scheduler: scheduler, output: output)
        let upstreamToken = upstream.sink(throttler.receive)
        return .combining(outputToken, SubscriptionToken { throttler.cancel() }, upstreamToken)
      })
  }
}
