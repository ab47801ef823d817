/// Behind every `sink(with:_:)`: `handler` with `object` held weakly, ignored once it is gone.
func holdingWeakly<Object: AnyObject & Sendable, Value>(
  _ object: Object, _ handler: @escaping @Sendable (Object, Value) -> Void
) -> @Sendable (Value) -> Void {
  { [weak object] value in if let object { handler(object, value) } }
}

/// The main-actor form of `holdingWeakly(_:_:)`, behind the main-actor faces' `sink(with:_:)`.
@inlinable
func holdingWeaklyOnMainActor<Object: AnyObject & Sendable, Value>(
  _ object: Object, _ handler: @escaping @MainActor (Object, Value) -> Void
) -> @MainActor (Value) -> Void {
  { [weak object] value in if let object { handler(object, value) } }
}
