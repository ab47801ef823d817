/// A thread-safe bag of ``SubscriptionToken``s that cancels them all when it is released: a
/// screen keeps one for the subscriptions it makes in `bind()`, and they end with it.
/// ``cancelAll()`` and release cancel the tokens in insertion order, outside the bag's lock, so a
/// handler that stores into the same bag while it is being emptied cannot deadlock; a token
/// inserted after `cancelAll()` begins is kept for the next round.
public final class SubscriptionBag: Sendable {
  private let tokens = Locked<[SubscriptionToken]>([])

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancelAll()
  }

  /// Keeps `token` until ``cancelAll()`` or the bag's release (`SubscriptionToken.store(in:)`).
  func insert(_ token: SubscriptionToken) {
    tokens.withLock { $0.append(token) }
  }

  /// Cancels every token held now and empties the bag; the bag can be reused afterwards.
  public func cancelAll() {
    let taken = tokens.withLock { tokens in
      defer { tokens = [] }
      return tokens
    }
    for token in taken {
      token.cancel()
    }
  }
}
