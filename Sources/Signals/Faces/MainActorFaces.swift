/// An ``EventStream`` whose handlers run on the main actor, made by
/// `stream.receive(on: .mainActor)`.
///
/// Same rules as ``EventStream`` (no replay, every subscriber, send order, one at a time), with
/// every handler call on the main actor. An event that arrives on the main thread while nothing
/// is queued for that subscriber is delivered at once; otherwise it is queued on the main queue.
public struct MainActorEventStream<Value: Sendable>: Sendable {
  @usableFromInline let upstream: EventStream<Value>

  /// Calls `handler` on the main actor with every event sent from now on, until the token is
  /// cancelled or released. Events queued for the main queue are dropped once cancelled.
  @inlinable
  public func sink(_ handler: @escaping @MainActor (Value) -> Void) -> SubscriptionToken {
    sinkOnMainActor(upstream.sink, handler)
  }

  /// Like ``sink(_:)``, holding `owner` weakly: no `[weak self]` needed in screen code. Once
  /// `owner` is gone, events are ignored.
  public func sink<Owner: AnyObject & Sendable>(
    with owner: Owner, _ handler: @escaping @MainActor (Owner, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeaklyOnMainActor(owner, handler))
  }
}

/// A ``Property`` whose handlers run on the main actor, made by
/// `property.receive(on: .mainActor)`.
///
/// Same rules as ``Property`` (current value first, then changes in order, didSet timing), with
/// every handler call on the main actor. Subscribing on the main thread while nothing is
/// delivering delivers the current value before `sink` returns, so `bind()` renders at once.
public struct MainActorProperty<Value: Sendable>: Sendable {
  @usableFromInline let upstream: Property<Value>

  /// The current (stored) value. It may be ahead of what a subscriber has received so far.
  public var value: Value {
    upstream.value
  }

  /// Calls `handler` on the main actor with the current value, then every later value, until the
  /// token is cancelled or released.
  @inlinable
  public func sink(_ handler: @escaping @MainActor (Value) -> Void) -> SubscriptionToken {
    sinkOnMainActor(upstream.sink, handler)
  }

  /// Like ``sink(_:)``, holding `owner` weakly: no `[weak self]` needed in screen code. Once
  /// `owner` is gone, values are ignored.
  public func sink<Owner: AnyObject & Sendable>(
    with owner: Owner, _ handler: @escaping @MainActor (Owner, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeaklyOnMainActor(owner, handler))
  }
}
