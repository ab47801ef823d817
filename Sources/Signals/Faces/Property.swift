/// The read-only face of state: what the screen shows now.
///
/// A view model exposes a `Property` and keeps the ``MutableProperty`` that owns it private, so
/// other modules cannot write it: `Property` has no setter and is not a superclass of the owner.
///
/// - Replay: ``value`` is always readable, and every new subscriber first receives the current
///   value, then every later change.
/// - Timing: a change is delivered after it is stored (didSet timing), so a handler that reads
///   ``value`` sees the new value, never the old one.
/// - Ordering: each subscriber receives values one at a time, in the order they were set. A
///   value set from inside a handler is queued and delivered after the current one has reached
///   everyone, so the last value every subscriber receives is the stored value.
/// - Subscribing: the subscribing thread delivers the stored (newest) value to the new subscriber
///   alone, before `sink` returns, even while a delivery is running (or from inside a handler);
///   values written meanwhile follow, in order, then every later change.
/// - Cancellation: see ``SubscriptionToken``.
public struct Property<Value: Sendable>: Sendable {
  /// A subscribe function: registers a handler, returns its token.
  public typealias SubscribeFunction =
    @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken

  private let read: @Sendable () -> Value
  /// Reads the value within a snapshot of its owners, for glitch-free combination.
  @usableFromInline let readConsistently: @Sendable (ReadSnapshot) -> Value
  private let subscribeFunction: SubscribeFunction

  /// The library's own initialiser: `readConsistently` reads through the snapshot, so that
  /// ``combineLatest(_:)`` can tell which owners' versions a value came from.
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

  /// Makes a property from a way to read its value and a subscribe function: the building block
  /// for operators the library does not have.
  ///
  /// The two functions must keep the promises every property keeps, because its subscribers
  /// rely on them:
  /// - `subscribe(handler)` calls `handler` with the current value first (before returning,
  ///   or, for a property that delivers elsewhere, as its first call), then with every later
  ///   value, in order, one call at a time (each call returns before the next starts, ordered
  ///   as a lock or a serial queue
  ///   orders them, whichever threads make them: `receive(on:)` relies on it), until the
  ///   returned token is cancelled; after a cancel made on the delivering thread no call
  ///   follows.
  /// - It never calls `handler` while holding a lock (so handlers may send, subscribe and
  ///   cancel), and never blocks in the token's `cancel()`.
  /// - `read()` returns the value a subscriber would receive last, from any thread; it must be
  ///   pure and quick.
  ///
  /// The easy way to keep them: subscribe to existing properties or streams, and deliver your
  /// results through an ``EventSender`` (it serialises and orders them) or a
  /// ``MutableProperty`` of your own, returning one token that cancels the delivering side
  /// first. ``combineLatest(_:)`` treats a property made this way as an owner with no version:
  /// it re-reads it on every notification and delivers each one.
  public init(read: @escaping @Sendable () -> Value, subscribe: @escaping SubscribeFunction) {
    self.init(
      read: read,
      readConsistently: { snapshot in
        snapshot.noteOpaqueSource()
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

  /// The current value, read synchronously from any thread.
  public var value: Value {
    read()
  }

  /// Calls `handler` with the current value, then with every later value, until the returned
  /// token is cancelled or released.
  ///
  /// The current value is delivered to `handler` alone, on the calling thread, before `sink`
  /// returns (even while another delivery is running); values written meanwhile follow it, in
  /// order. Later values may come on any thread; use ``receive(on:)-(MainActorScheduler)`` for
  /// main-actor delivery.
  public func sink(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    subscribeFunction(handler)
  }

  /// Like ``sink(_:)``, but holds `object` (usually the screen) weakly and passes it to `handler`,
  /// so screen code needs no `[weak self]`. Once `object` is gone, values are ignored (release the
  /// token, usually by keeping it in the screen's ``SubscriptionBag``, to unsubscribe).
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @Sendable (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeakly(object, handler))
  }
}
