/// An ``EventStream`` whose handlers run on the main actor: `stream.receive(on: .mainActor)`.
/// Same rules as ``EventStream``; ``MainActorScheduler`` says when delivery is synchronous.
public struct MainActorEventStream<Value: Sendable>: Sendable {
  @usableFromInline let upstream: EventStream<Value>

  /// Calls `handler` on the main actor with every event sent from now on, until the token is
  /// cancelled or released. Events queued for the main queue are dropped once cancelled.
  @inlinable
  public func sink(_ handler: @escaping @MainActor (Value) -> Void) -> SubscriptionToken {
    sinkOnMainActor({ upstream.sink($0) }, handler)
  }

  /// Like ``sink(_:)``, holding `object` weakly as ``EventStream/sink(with:_:)`` does.
  @inlinable
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @MainActor (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeaklyOnMainActor(object, handler))
  }
}
