/// Something that can end a subscription. Internal building block behind ``SubscriptionToken``.
///
/// Conformers make `cancel()` idempotent and safe to call from any thread.
@usableFromInline
protocol Cancelling: AnyObject, Sendable {
  func cancel()
}

/// A cancellation token: the handle every subscription returns.
///
/// Keep the token for as long as you want values. Delivery ends when you call ``cancel()`` or
/// when the last reference to the token goes away, whichever comes first.
///
/// - Cancellation: `cancel()` is idempotent, thread-safe, and may be called from inside a
///   handler or from any `deinit`. Once it returns, the subscription's handler is not running
///   and is never called again, with one exception that keeps two deliveries from deadlocking:
///   when `cancel()` is called from inside *another* subscription's handler while this
///   subscription's handler is running on a different thread, it marks the subscription
///   cancelled and returns without waiting; that in-flight call finishes, and no further
///   call starts.
/// - Waiting: a `cancel()` made outside every handler, while this subscription's handler is
///   running on another thread, waits for that one call to return. Do not cancel from a
///   thread that the running handler is itself blocked on (for example through
///   `DispatchQueue.sync`).
/// - Memory: cancelling releases the handler, and with it everything the handler captured.
/// - Storage: tokens are `Hashable` by identity, so they can be kept in a `Set`
///   (``store(in:)-(Set<SubscriptionToken>)``) or in a ``SubscriptionBag``.
public final class SubscriptionToken: Hashable, Sendable {
  private let target: any Cancelling

  @usableFromInline
  init(_ target: any Cancelling) {
    self.target = target
  }

  /// Creates a token that runs `onCancel` exactly once: on the first call to ``cancel()`` or
  /// when the token is released, whichever comes first.
  ///
  /// Use it to wrap your own resources (a timer, a task) so they can sit in the same bag as
  /// stream subscriptions. `onCancel` runs on the thread that cancels, with no lock held.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    self.init(ClosureCancel(onCancel))
  }

  deinit {
    target.cancel()
  }

  /// Ends the subscription. Idempotent and safe from any thread, any handler and any `deinit`;
  /// see the type's documentation for exactly when a handler may still be running.
  public func cancel() {
    target.cancel()
  }

  /// Keeps this token in `set`; the subscription lives as long as the set holds it.
  public func store(in set: inout Set<SubscriptionToken>) {
    set.insert(self)
  }

  /// Keeps this token in `bag`; the subscription lives until the bag is emptied or released.
  public func store(in bag: SubscriptionBag) {
    bag.insert(self)
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// Runs a closure once, on first cancellation.
private final class ClosureCancel: Cancelling {
  private let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  func cancel() {
    // Take the closure under the lock, run it after releasing the lock.
    let action = self.action.withLock { stored in
      let taken = stored
      stored = nil
      return taken
    }
    action?()
  }
}

/// Cancels several subscriptions in order, as one. Used by operators that hold more than one
/// upstream subscription (for example `combineLatest`).
final class CompositeCancel: Cancelling {
  private let parts: [SubscriptionToken]

  init(_ parts: [SubscriptionToken]) {
    self.parts = parts
  }

  func cancel() {
    for part in parts {
      part.cancel()
    }
  }
}

extension SubscriptionToken {
  /// One token that cancels `parts` in order. Each part is itself idempotent, so the whole is.
  @usableFromInline
  static func combining(_ parts: SubscriptionToken...) -> SubscriptionToken {
    SubscriptionToken(CompositeCancel(parts))
  }
}
