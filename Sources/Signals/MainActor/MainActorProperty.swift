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

  /// Like ``sink(_:)``, holding `object` (usually the screen) weakly: no `[weak self]` needed in
  /// screen code. Once `object` is gone, values are ignored.
  public func sink<Object: AnyObject & Sendable>(
    with object: Object, _ handler: @escaping @MainActor (Object, Value) -> Void
  ) -> SubscriptionToken {
    sink(holdingWeaklyOnMainActor(object, handler))
  }
}
