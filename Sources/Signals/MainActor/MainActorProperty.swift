/// A ``Property`` whose handlers run on the main actor: `property.receive(on: .mainActor)`.
/// Same rules as ``Property``; ``MainActorScheduler`` says when delivery is synchronous.
public struct MainActorProperty<Value: Sendable>: Sendable {
  @usableFromInline let upstream: Property<Value>

  /// The current (stored) value. It may be ahead of what a subscriber has received so far.
  public var value: Value { upstream.value }

  /// Calls `handler` on the main actor with the current value, then every later value, until the
  /// token is cancelled or released.
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
