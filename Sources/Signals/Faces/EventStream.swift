/// The receiving face of one-off events: toasts, haptics, requests to navigate.
///
/// A view model exposes an `EventStream` and keeps the ``EventSender`` that feeds it private, so
/// only the view model can send.
///
/// - Replay: none. A subscriber receives only events sent after it subscribed. An event sent
///   while nobody is subscribed is **dropped**: that is the point of an event (a toast must not
///   re-appear when a screen re-binds), and the trade-off to know (bind before you trigger work
///   that may send). If something must still be visible to a late subscriber, it is state: use
///   a ``Property``.
/// - Fan-out: every current subscriber receives every event, in subscription order.
/// - Ordering: each subscriber receives events one at a time, in send order, on the thread that
///   delivers (the sending thread unless you use ``receive(on:)-(SignalScheduler)``). An event sent from
///   inside a handler is queued and delivered after the current event has reached everyone.
/// - Cancellation: see ``SubscriptionToken``.
public struct EventStream<Value: Sendable>: Sendable {
  /// A subscribe function: registers a handler, returns its token.
  public typealias SubscribeFunction =
    @Sendable (@escaping @Sendable (Value) -> Void) -> SubscriptionToken

  private let subscribeFunction: SubscribeFunction

  /// Makes a stream from a subscribe function: the building block for operators the library
  /// does not have.
  ///
  /// `subscribe(handler)` must keep the promises every stream keeps, because its subscribers
  /// rely on them:
  /// - it calls `handler` only with events sent after it subscribed (no replay), in order, one
  ///   call at a time (each call returns before the next starts, ordered as a lock or a serial
  ///   queue orders them, whichever threads make them: `receive(on:)` relies on it), until the
  ///   returned token is cancelled; after a cancel made on the delivering thread no call
  ///   follows;
  /// - it never calls `handler` while holding a lock (so handlers may send, subscribe and
  ///   cancel), and the token's `cancel()` never blocks.
  ///
  /// The easy way to keep them: subscribe to existing streams or properties, deliver what you
  /// compute through an ``EventSender`` of your own (it serialises and orders deliveries, even
  /// from several threads), and return one token that cancels the sender's subscription first,
  /// then the sources'. `Tests/SignalsTests/Operators/UserBuiltOperatorTests.swift` in the repository
  /// builds `pairwise()` this way and checks it against the same rules as the built-in
  /// operators.
  public init(subscribe: @escaping SubscribeFunction) {
    self.subscribeFunction = subscribe
  }

  /// Calls `handler` with every event sent from now on, until the returned token is cancelled
  /// or released.
  ///
  /// `handler` may run on any thread (the sending one, by default); use
  /// ``receive(on:)-(MainActorScheduler)`` for main-actor delivery.
  public func sink(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    subscribeFunction(handler)
  }

  /// Like ``sink(_:)``, but holds `object` (usually the screen) weakly and passes it to `handler`,
  /// so screen code needs no `[weak self]`. Once `object` is gone, events are ignored (release the
  /// token, usually by keeping it in the screen's ``SubscriptionBag``, to unsubscribe).
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
