/// The read-only face of state (what the screen shows now), exposed by a view model that keeps
/// the owning ``MutableProperty`` private: it has no setter and is not the owner's superclass.
///
/// - Replay: ``value`` is always readable. A new subscriber first receives the stored (newest)
///   value alone, on the subscribing thread, before `sink` returns, even during a delivery (or
///   in a handler); values written meanwhile follow, in order, then every later change.
/// - Timing: a change is delivered after it is stored (didSet timing), so a handler that reads
///   ``value`` sees the new value, never the old one.
/// - Ordering: as for an ``EventStream`` (one at a time, in write order; a value set inside a
///   handler is queued behind the current one), so each subscriber's last value is the stored one.
/// - Cancellation: see ``SubscriptionToken``.
public struct Property<Value: Sendable>: Sendable {
  /// A subscribe function: registers a handler, returns its token.
  public typealias SubscribeFunction =
    @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken

  private let read: @Sendable () -> Value
  /// Reads the value within a snapshot of its owners, for glitch-free combination.
  @usableFromInline let readConsistently: @Sendable (ReadSnapshot) -> Value
  private let subscribeFunction: SubscribeFunction

  /// The library's own initialiser, whose `readConsistently` reads through the snapshot.
  @usableFromInline
  init(
    read: @escaping @Sendable () -> Value,
    readConsistently: @escaping @Sendable (ReadSnapshot) -> Value,
    subscribe: @escaping SubscribeFunction
  ) {
    self.read = read
    self.readConsistently = readConsistently
    self.subscribeFunction = subscribe
  }

  /// Makes a property from a way to read its value and a subscribe function: the building block for
  /// operators the library does not have. `subscribe(handler)` must keep the promises of
  /// ``EventStream/init(subscribe:)``, except that it first calls `handler` with the current value
  /// (before returning or, for a property that delivers elsewhere, as its first call), then with
  /// every later value; `read()` must return the value a subscriber would receive last, from any
  /// thread, purely and quickly. The easy way described there works with a ``MutableProperty``
  /// of your own as the delivering side, too (``combineLatest(_:_:)`` says how it combines one).
  public init(read: @escaping @Sendable () -> Value, subscribe: @escaping SubscribeFunction) {
    self.init(
      read: read,
      readConsistently: { snapshot in
        snapshot.readOpaqueSource = true
        return read()
      },
      subscribe: subscribe)
  }

  /// A property whose value never changes: subscribers receive `value` once.
  public init(constant value: Value) {
    self.init(
      read: { value },
      readConsistently: { _ in value },
      subscribe: { handler in
        handler(value)
        return SubscriptionToken {}
      })
  }

  /// This property's value, delivered by `subscribe`: the form of operators that filter or time
  /// deliveries but leave ``value`` (and its consistent reading) as it is.
  func delivered(by subscribe: @escaping SubscribeFunction) -> Property<Value> {
    Property(read: read, readConsistently: readConsistently, subscribe: subscribe)
  }

  /// The current value, read synchronously from any thread.
  public var value: Value {
    read()
  }

  /// Calls `handler` with the current value, then with every later value, until the returned
  /// token is cancelled or released (replay: see ``Property``). Later values may come on any
  /// thread; use ``receive(on:)-(MainActorScheduler)`` for main-actor delivery.
  public func sink(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    subscribeFunction(handler)
  }

  /// Like ``sink(_:)``, but holds `object` weakly and passes it to `handler`, as
  /// ``EventStream/sink(with:_:)`` does (values are ignored once `object` is gone).
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @Sendable (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeakly(object, handler))
  }
}
