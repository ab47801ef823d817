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

  /// Like ``sink(_:)``, holding `object` (usually the screen) weakly: no `[weak self]` needed in
  /// screen code. Once `object` is gone, events are ignored.
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @MainActor (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeaklyOnMainActor(object, handler))
  }
}
