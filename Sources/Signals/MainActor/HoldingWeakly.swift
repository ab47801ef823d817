/// `handler` with `object` held weakly: called with the object while it lives, ignored after.
/// Internal; behind every `sink(with:_:)`.
func holdingWeakly<Object: AnyObject & Sendable, Value>(
  _ object: Object, _ handler: @escaping @Sendable (Object, Value) -> Void
) -> @Sendable (Value) -> Void {
  { [weak object] value in
    guard let object else { return }
    handler(object, value)
  }
}

/// The main-actor form of `holdingWeakly(_:_:)`. Internal; behind the main-actor faces
/// `sink(with:_:)`.
func holdingWeaklyOnMainActor<Object: AnyObject & Sendable, Value>(
  _ object: Object, _ handler: @escaping @MainActor (Object, Value) -> Void
) -> @MainActor (Value) -> Void {
  { [weak object] value in
    guard let object else { return }
    handler(object, value)
  }
}
