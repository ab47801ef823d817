/// `combineLatest` of three and four properties. Built from the two-source form, so they keep
/// its promises: glitch-free (one snapshot of the owners per notification), once per owner
/// change, current combination first.
extension Property {
  /// A property holding the three sources' values; see ``combineLatest(_:)``.
  public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>
  ) -> Property<(A, B, C)> where Value == (A, B, C) {
    a.combineLatest(b).combineLatest(c).map { ($0.0.0, $0.0.1, $0.1) }
  }

  /// A property holding the four sources' values; see ``combineLatest(_:)``.
  public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>, _ d: Property<D>
  ) -> Property<(A, B, C, D)> where Value == (A, B, C, D) {
    a.combineLatest(b).combineLatest(c.combineLatest(d)).map {
      ($0.0.0, $0.0.1, $0.1.0, $0.1.1)
    }
  }
}

/// Combining event streams. Events have no current value, so these pair the *latest events*
/// (Combine's and Rx's `combineLatest`): nothing until every source has sent once, then one
/// combination per event of any source, in the order the events were received.
extension EventStream {
  /// The latest event of each stream, as a pair, after each event of either once both have
  /// sent one.
  ///
  /// Pairs go out one at a time, in the order their events were received, even when the two
  /// streams send on different threads. Not glitch-free in the sense of
  /// ``Property/combineLatest(_:)``: two streams derived from one sender pair a new event with
  /// the other side's previous one in between. Combine state with properties.
  public func combineLatest<Other: Sendable>(
    _ other: EventStream<Other>
  ) -> EventStream<(Value, Other)> {
    let first = self
    return EventStream<(Value, Other)> { handler in
      let (output, outputToken) = Channel<(Value, Other)>.output(to: handler)
      let latest = Locked<(Value?, Other?)>((nil, nil))
      // The pair is formed under the output channel's lock, so pairs are sent in the order the
      // events were received. A displaced event is released after both locks (its deinit is user
      // code).
      let firstToken = first.sink { value in
        var displaced: Value?
        output.publish {
          latest.withLock { latest in
            displaced = latest.0
            latest.0 = value
            return latest.1.map { (value, $0) }
          }
        }
        releaseAfterUnlocking(displaced)
      }
      let otherToken = other.sink { value in
        var displaced: Other?
        output.publish {
          latest.withLock { latest in
            displaced = latest.1
            latest.1 = value
            return latest.0.map { ($0, value) }
          }
        }
        releaseAfterUnlocking(displaced)
      }
      return .combining(outputToken, firstToken, otherToken)
    }
  }

  /// The latest events of three streams; see ``combineLatest(_:)``.
  public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
    _ a: EventStream<A>, _ b: EventStream<B>, _ c: EventStream<C>
  ) -> EventStream<(A, B, C)> where Value == (A, B, C) {
    a.combineLatest(b).combineLatest(c).map { ($0.0.0, $0.0.1, $0.1) }
  }

  /// Every event of every stream, as one stream.
  ///
  /// Each source's events keep their order; events of different sources go out in the order
  /// they were received, one at a time, even when the sources send on different threads.
  /// Cancelling ends the subscriptions to all sources.
  public static func merge(_ streams: EventStream<Value>...) -> EventStream<Value> {
    merge(streams)
  }

  /// Every event of every stream in `streams`, as one stream; see
  /// ``merge(_:)-(EventStream<Value>...)``.
  public static func merge(_ streams: [EventStream<Value>]) -> EventStream<Value> {
    EventStream { handler in
      let (output, outputToken) = Channel<Value>.output(to: handler)
      let sourceTokens = streams.map { stream in stream.sink { output.publish($0) } }
      return CompositeToken([outputToken] + sourceTokens)
    }
  }

  /// This stream's events and `other`'s, as one stream; see ``merge(_:)-(EventStream<Value>...)``.
  public func merge(with other: EventStream<Value>) -> EventStream<Value> {
    .merge(self, other)
  }
}
