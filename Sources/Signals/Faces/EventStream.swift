/// The receiving face of one-off events (toasts, haptics, requests to navigate). A view model
/// exposes it and keeps the ``EventSender`` that feeds it private, so only the view model sends.
///
/// - Replay: none: a subscriber receives only events sent after it subscribed. One sent while
///   nobody is subscribed is **dropped** (a toast must not re-appear when a screen re-binds), so
///   bind before you trigger work that may send. What a late subscriber must see is a ``Property``.
/// - Ordering: every current subscriber receives every event, in subscription order, and each
///   receives events one at a time, in send order, on the thread that delivers (a sending one,
///   see ``EventSender``, unless you use ``receive(on:)-(SignalScheduler)``). An event sent
///   from inside a handler is queued and delivered after the current event has reached everyone.
/// - Cancellation: see ``SubscriptionToken``.
public struct EventStream<Value: Sendable>: Sendable {
  /// A subscribe function: registers a handler, returns its token.
  public typealias SubscribeFunction =
    @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken

  private let subscribeFunction: SubscribeFunction

  /// Makes a stream from a subscribe function: the building block for operators the library
  /// does not have. Subscribers rely on `subscribe(handler)` keeping every stream's promises:
  /// - it calls `handler` only with events sent after it subscribed, in order, one call at a
  ///   time (each returns before the next starts, ordered as a lock or a serial queue orders
  ///   them, whichever threads make them: `receive(on:)` relies on it), until the returned
  ///   token is cancelled; after a cancel made on the delivering thread no call follows;
  /// - it never calls `handler` while holding a lock (so handlers may send, subscribe and
  ///   cancel), and the token's `cancel()` never blocks.
  ///
  /// The easy way: subscribe to existing streams or properties, deliver what you compute through
  /// an ``EventSender`` of your own (it serialises and orders deliveries, even from several
  /// threads), and return one token that cancels the sender's subscription first, then the
  /// sources'. The tests' `UserBuiltOperatorTests.swift` builds and checks `pairwise()` this way.
  public init(subscribe: @escaping SubscribeFunction) {
    self.subscribeFunction = subscribe
  }

  /// Calls `handler` with every event sent from now on, until the returned token is cancelled
  /// or released. `handler` may run on any thread (the sending one, by default); use
  /// ``receive(on:)-(MainActorScheduler)`` for main-actor delivery.
  public func sink(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    subscribeFunction(handler)
  }

  /// Like ``sink(_:)``, but holds `object` weakly and passes it to `handler`, so screen code needs
  /// no `[weak self]`. Once `object` is gone, events are ignored until the token is released.
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @Sendable (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeakly(object, handler))
  }

  /// A stream that never sends anything.
  public static var never: EventStream<Value> {
    EventStream { _ in SubscriptionToken {} }
  }
}
