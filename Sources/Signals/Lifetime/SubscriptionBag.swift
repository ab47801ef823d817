/// A thread-safe bag of ``SubscriptionToken``s that cancels them all when it is released.
///
/// A screen keeps one bag and stores every subscription it makes in `bind()`; when the screen
/// goes away, the bag goes with it and every subscription ends.
///
/// - Threading: `insert`, `cancelAll` and release are safe from any thread.
/// - Cancellation: ``cancelAll()`` and release cancel the tokens in insertion order, outside the
///   bag's lock, so a handler that stores into the same bag while it is being emptied cannot
///   deadlock. A token inserted after `cancelAll()` begins is kept for the next round.
public final class SubscriptionBag: Sendable {
  private let tokens = Locked<[SubscriptionToken]>([])

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancelAll()
  }

  /// The number of tokens currently held.
  public var count: Int {
    tokens.withLock { $0.count }
  }

  /// Keeps `token` alive until ``cancelAll()`` or until the bag is released.
  public func insert(_ token: SubscriptionToken) {
    tokens.withLock { $0.append(token) }
  }

  /// Cancels every token held now and empties the bag; the bag can be reused afterwards.
  public func cancelAll() {
    let taken = tokens.withLock { tokens in
      let taken = tokens
      tokens.removeAll()
      return taken
    }
    for token in taken {
      token.cancel()
    }
  }
}
