/// The weak-holding rule of every `sink(with:_:)`, which `TaskOwner`'s `for:` follows too: a value
/// that finds `object` gone is skipped and cancels its own subscription. `live()` reads `object`
/// (which lives through this call, so the token is kept before any value can find it gone).
func sinkHoldingWeakly<Object: AnyObject & Sendable>(
  _ object: Object, _ subscribe: (_ live: @escaping @Sendable () -> Object?) -> SubscriptionToken
) -> SubscriptionToken {
  let own = Locked(WeakToken())
  let token = subscribe { [weak object] in
    if object == nil { own.withLock { $0.token }?.cancel() }  // cancelled after unlocking
    return object
  }
  own.withLock { $0.token = token }
  return token
}

/// The subscription's own token, held weakly by its handler (the caller owns the token).
private struct WeakToken {
  weak var token: SubscriptionToken?
}
