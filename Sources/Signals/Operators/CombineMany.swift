extension Property {
  /// A property holding both values, `Property.combineLatest(a, b)`; it changes whenever either
  /// source changes, and it is glitch-free: it never holds a pair that never existed.
  ///
  /// Its value, `(a.value, b.value)`, is read as one snapshot, each owner (a
  /// ``MutableProperty``) once: `Property.combineLatest(x.map(f), x.map(g))` (a diamond) gives
  /// `(f(v), g(v))` for one stored `v`. A subscriber receives the current pair, then one **per
  /// change of an owner**, however many paths reach it, never an older pair after a newer one.
  /// To derive one value from the pair, `map` it: `.map { $0 + $1 }`.
  ///
  /// - Coalescing: a notification reads the owners' *stored* values, which may be ahead of the
  ///   one being delivered (set inside a handler): it may skip a pair in between, never the last.
  /// - Threads: on the thread of the notification that first saw the change, even if a source
  ///   delivers through `receive(on:)`; deliveries never overlap.
  /// - Where it does not hold: a source built with ``init(read:subscribe:)`` has no version, so
  ///   each of its notifications delivers a pair (read as consistently as its `read` allows).
  ///   Events have no current value: ``EventStream/combineLatest(_:_:)`` pairs the latest events.
  public static func combineLatest<A, B>(
    _ a: Property<A>, _ b: Property<B>
  ) -> Property<(A, B)> where Value == (A, B) {
    combining(a, b)
  }

  /// Every source's value as one tuple, `Property.combineLatest(a, b, c)`, for 2 to 6 sources,
  /// with the rules of ``combineLatest(_:_:)``; cancelling unsubscribes from every source.
  public static func combineLatest<A, B, C>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>
  ) -> Property<(A, B, C)> where Value == (A, B, C) {
    combining(a, b, c)
  }

  /// The latest values of 4 properties as one tuple; see ``Property/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>, _ d: Property<D>
  ) -> Property<(A, B, C, D)> where Value == (A, B, C, D) {
    combining(a, b, c, d)
  }

  /// The latest values of 5 properties as one tuple; see ``Property/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D, E>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>, _ d: Property<D>, _ e: Property<E>
  ) -> Property<(A, B, C, D, E)> where Value == (A, B, C, D, E) {
    combining(a, b, c, d, e)
  }

  /// The latest values of 6 properties as one tuple; see ``Property/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D, E, F>(
    _ a: Property<A>, _ b: Property<B>, _ c: Property<C>, _ d: Property<D>, _ e: Property<E>,
    _ f: Property<F>
  ) -> Property<(A, B, C, D, E, F)> where Value == (A, B, C, D, E, F) {
    combining(a, b, c, d, e, f)
  }

  /// The sources' values as one tuple, glitch-free (the form behind every overload).
  private static func combining<each Source: Sendable>(
    _ source: repeat Property<each Source>
  ) -> Property<Value> where Value == (repeat each Source) {
    let read: @Sendable (ReadSnapshot) -> Value = { snapshot in
      (repeat (each source).readConsistently(snapshot))
    }
    return Property(
      read: { ReadSnapshot.consistently(read).0 }, readConsistently: read,
      subscribe: { handler in
        ReadSnapshot.deliver(read, to: handler) { changed in
          var tokens: [SubscriptionToken] = []
          repeat tokens.append((each source).sink { _ in changed() })
          return tokens
        }
      })
  }
}

extension EventStream {
  /// The latest event of each stream as a pair, `EventStream.combineLatest(a, b)`, after each
  /// event of either once both have sent one (Combine's and Rx's `combineLatest`), one at a time,
  /// in the order the events were received, even from different threads; cancelling
  /// unsubscribes from both. Not glitch-free like ``Property/combineLatest(_:_:)``: two streams
  /// derived from one sender pair a new event with the other's previous one between.
  public static func combineLatest<A, B>(
    _ a: EventStream<A>, _ b: EventStream<B>
  ) -> EventStream<(A, B)> where Value == (A, B) {
    latest(of: a, b)
  }

  /// The latest event of each of 2 to 6 streams as one tuple; same rules as ``combineLatest(_:_:)``.
  public static func combineLatest<A, B, C>(
    _ a: EventStream<A>, _ b: EventStream<B>, _ c: EventStream<C>
  ) -> EventStream<(A, B, C)> where Value == (A, B, C) {
    latest(of: a, b, c)
  }

  /// The latest values of 4 streams as one tuple; see ``EventStream/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D>(
    _ a: EventStream<A>, _ b: EventStream<B>, _ c: EventStream<C>, _ d: EventStream<D>
  ) -> EventStream<(A, B, C, D)> where Value == (A, B, C, D) {
    latest(of: a, b, c, d)
  }

  /// The latest values of 5 streams as one tuple; see ``EventStream/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D, E>(
    _ a: EventStream<A>, _ b: EventStream<B>, _ c: EventStream<C>, _ d: EventStream<D>,
    _ e: EventStream<E>
  ) -> EventStream<(A, B, C, D, E)> where Value == (A, B, C, D, E) {
    latest(of: a, b, c, d, e)
  }

  /// The latest values of 6 streams as one tuple; see ``EventStream/combineLatest(_:_:_:)``.
  public static func combineLatest<A, B, C, D, E, F>(
    _ a: EventStream<A>, _ b: EventStream<B>, _ c: EventStream<C>, _ d: EventStream<D>,
    _ e: EventStream<E>, _ f: EventStream<F>
  ) -> EventStream<(A, B, C, D, E, F)> where Value == (A, B, C, D, E, F) {
    latest(of: a, b, c, d, e, f)
  }

  /// The latest events of `source`, as a tuple (the form behind every overload).
  private static func latest<each Source: Sendable>(
    of source: repeat EventStream<each Source>
  ) -> EventStream<Value> where Value == (repeat each Source) {
    EventStream { handler in
      let (output, outputToken) = Channel<Value>.output(to: handler)
      var count = 0
      for _ in repeat each source { count += 1 }
      let latest = Locked([(any Sendable)?](repeating: nil, count: count))
      var tokens = [outputToken]
      for stream in repeat each source {
        let position = tokens.count - 1  // the output's token first, then one per source
        tokens.append(
          stream.sink { value in
            // Formed under the output's lock, so in event order; `displaced` is released unlocked.
            var displaced: (any Sendable)?
            output.publish {
              latest.withLock { latest -> Value? in
                displaced = latest[position]
                latest[position] = value
                return tuple(latest)
              }
            }
            releaseAfterUnlocking(displaced)
          })
      }
      return CompositeToken(tokens)
    }
  }

  /// The values in `latest` as the tuple of the sources' types, once every source has sent.
  private static func tuple<each Source>(_ latest: [(any Sendable)?]) -> (repeat each Source)?
  where Value == (repeat each Source) {
    guard latest.allSatisfy({ $0 != nil }) else { return nil }
    var index = 0
    func next<Element>(_: Element.Type) -> Element {
      defer { index += 1 }
      // Safe: slot i holds only source i's events, of type Element, and is not nil (checked above).
      return latest[index] as! Element  // swift-format-ignore: NeverForceUnwrap
    }
    return (repeat next((each Source).self))
  }

  /// Every event of every stream as one stream, one at a time, in the order received (so each
  /// source's in order), even from different threads; cancelling unsubscribes from all sources.
  public static func merge(_ streams: EventStream<Value>...) -> EventStream<Value> {
    EventStream { handler in
      let (output, outputToken) = Channel<Value>.output(to: handler)
      let sourceTokens = streams.map { stream in stream.sink { output.publish($0) } }
      return CompositeToken([outputToken] + sourceTokens)
    }
  }
}
