/// `handler` with `owner` held weakly: called with the owner while it lives, ignored after.
/// Internal; behind every `sink(with:_:)`.
func holdingWeakly<Owner: AnyObject & Sendable, Value>(
  _ owner: Owner, _ handler: @escaping @Sendable (Owner, Value) -> Void
) -> @Sendable (Value) -> Void {
  { [weak owner] value in
    guard let owner else { return }
    handler(owner, value)
  }
}

/// The main-actor form of `holdingWeakly(_:_:)`. Internal; behind the main-actor faces
/// `sink(with:_:)`.
func holdingWeaklyOnMainActor<Owner: AnyObject & Sendable, Value>(
  _ owner: Owner, _ handler: @escaping @MainActor (Owner, Value) -> Void
) -> @MainActor (Value) -> Void {
  { [weak owner] value in
    guard let owner else { return }
    handler(owner, value)
  }
}
