/// Subscribes `handler` to `subscribe`'s values through a relay channel of its own that
/// delivers on the main queue: at once, with no lock, when a value arrives on the main thread
/// with nothing queued (``Channel/sendFromSoleProducer(_:to:through:)``), otherwise queued
/// and delivered through `DispatchQueue.main`. Internal; `@inlinable` (as are the `sink`s that
/// call it) so that the client specialises the relay channel for its `Value`.
@inlinable
func sinkOnMainActor<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  _ handler: @escaping @MainActor (Value) -> Void
) -> SubscriptionToken {
  let mainQueue = MainQueueExecutor.shared
  let relay = Channel<Value>(current: nil, startsWithoutLock: true)
  let (relayToken, subscriber) = relay.subscribeSole(
    MainQueueExecutor.callableOnMainQueue(handler))
  // The upstream calls this one value at a time: the relay's one producer.
  let upstreamToken = subscribe { value in
    subscriber.channel.sendFromSoleProducer(value, to: subscriber, through: mainQueue)
  }
  return .combining(relayToken, upstreamToken)
}

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
