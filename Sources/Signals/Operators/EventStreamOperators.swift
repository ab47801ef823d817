/// Operators on one-off events. Each returns a new ``EventStream`` with the same rules: no
/// replay, every subscriber, send order, one call at a time per subscriber.
///
/// Operators run per subscription, like Combine's: each subscriber of a derived stream gets its
/// own upstream subscription, so a `transform` runs once per subscriber per event, and must not
/// depend on being shared.
///
/// `map`, `filter` and `compactMap` are `@inlinable` so that their per-event closures are
/// compiled for the client's concrete types (unspecialised, each stage moved values through
/// generic value witnesses: a `map -> filter -> map` chain cost 1.7x a plain send).
extension EventStream {
  /// Events transformed by `transform`.
  @inlinable
  public func map<Output: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Output
  ) -> EventStream<Output> {
    let upstream = self
    return EventStream<Output> { handler in
      upstream.sink { handler(transform($0)) }
    }
  }

  /// Only the events for which `isIncluded` returns `true`.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> EventStream<Value> {
    let upstream = self
    return EventStream { handler in
      upstream.sink { value in
        if isIncluded(value) {
          handler(value)
        }
      }
    }
  }

  /// Events transformed by `transform`, skipping those for which it returns `nil`.
  @inlinable
  public func compactMap<Output: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Output?
  ) -> EventStream<Output> {
    let upstream = self
    return EventStream<Output> { handler in
      upstream.sink { value in
        if let output = transform(value) {
          handler(output)
        }
      }
    }
  }

  /// Skips an event when `isDuplicate(previous, event)` is `true`, where `previous` is the last
  /// event this subscriber received: the last *delivered* (RxSwift's rule), not the last that
  /// arrived from upstream (Combine's); see ``Property/removeDuplicates(by:)``. The first event a
  /// subscriber sees is always delivered.
  public func removeDuplicates(
    by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
  ) -> EventStream<Value> {
    let upstream = self
    return EventStream { handler in
      upstream.sink(DuplicateFilter(isDuplicate: isDuplicate, downstream: handler).receive)
    }
  }

  /// Waits until no event has arrived for `interval`, then delivers the last one.
  ///
  /// Each new event restarts the wait; only the last event of a burst is delivered, through
  /// `scheduler` (so a test's virtual-time scheduler decides exactly when: an event at time t is
  /// delivered when the clock reaches t + interval, not a tick before). Cancelling drops a
  /// pending event. Deliveries stay one at a time and in order even if the scheduler is
  /// concurrent.
  public func debounce(for interval: Duration, scheduler: some SignalScheduler) -> EventStream<
    Value
  > {
    precondition(interval >= .zero, "debounce(for:scheduler:): interval must not be negative")
    let upstream = self
    return EventStream { handler in
      let (output, outputToken) = Channel.output(to: handler)
      let debouncer = Debouncer(interval: interval, scheduler: scheduler, output: output)
      let upstreamToken = upstream.sink(debouncer.receive)
      return .combining(outputToken, SubscriptionToken { debouncer.cancel() }, upstreamToken)
    }
  }
}

extension EventStream {
  /// At most one event per `interval`: the first event after a quiet period goes out at once,
  /// then the events of the next `interval` are held and one of them (the latest, or with
  /// `latest: false` the first) goes out when it ends, starting a new interval. An interval
  /// that held nothing ends the throttling: the next event goes out at once again.
  ///
  /// Timing comes from `scheduler` (a `TestScheduler` in tests: an interval started at t ends
  /// when the clock reaches t + interval). Deliveries stay one at a time and in order even on a
  /// concurrent scheduler. Cancelling drops a held event. Compare
  /// ``debounce(for:scheduler:)``, which waits for a pause instead.
  public func throttle(
    for interval: Duration, scheduler: some SignalScheduler, latest: Bool = true
  ) -> EventStream<Value> {
    precondition(interval >= .zero, "throttle(for:scheduler:latest:): negative interval")
    let upstream = self
    return EventStream { handler in
      let (output, outputToken) = Channel.output(to: handler)
      let throttler = Throttler(
        interval: interval, keepsLatest: latest, scheduler: scheduler, output: output)
      let upstreamToken = upstream.sink(throttler.receive)
      return .combining(outputToken, SubscriptionToken { throttler.cancel() }, upstreamToken)
    }
  }
}

extension EventStream where Value: Equatable {
  /// Skips an event equal to the last event this subscriber received.
  public func removeDuplicates() -> EventStream<Value> {
    removeDuplicates(by: ==)
  }
}
