/// A cancellation token: the handle every subscription returns.
///
/// Keep the token for as long as you want values. Delivery ends when you call ``cancel()`` or
/// when the last reference to the token goes away, whichever comes first. (Named
/// `SubscriptionToken`, not `Subscription`, so that a file importing SwiftUI, which re-exports
/// Combine's `Subscription`, and Signals needs no module qualification.)
///
/// - Cancellation never waits and never delivers. ``cancel()`` (and releasing the token) never
///   blocks and never calls a handler, whatever other subscribers' handlers are doing, so a
///   screen can release its bag on the main thread while a handler on another thread waits for
///   the main thread, and nothing deadlocks.
/// - What may still run. Once ``cancel()`` returns, no delivery round that starts later calls
///   the handler. A round already running on *another* thread may still make the one call it
///   was about to make, and a call already in progress there runs to its end. A cancel made on
///   the thread that delivers (inside any handler of the same delivery, or on the main actor
///   for a `receive(on: .mainActor)` subscription, whose deliveries all run there) ends
///   delivery at once: no call follows. Code that must know a handler has finished delivers on
///   a serial queue or an actor and waits there (see CHANGELOG.md).
/// - Memory: cancelling releases the handler, and with it everything the handler captured: at
///   once when no delivery round holds it, otherwise on the delivering thread when the rounds
///   that hold it end.
/// - Storage: tokens are `Hashable` by identity, so they can be kept in a `Set`
///   (``store(in:)-(Set<SubscriptionToken>)``) or in a ``SubscriptionBag``.
///
/// A class that other modules cannot subclass: inside Signals, each kind of subscription is a
/// subclass, so a subscription is one object (docs/performance.md).
public class SubscriptionToken: Hashable, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: a non-final class cannot be checked `Sendable`. This
  // class's one stored property is a `let` of a `Sendable` type, and each subclass (all in this
  // module) keeps only `let`s of `Sendable` types and says so.

  /// The closure of a token made with ``init(onCancel:)``; `nil` for the library's subclasses.
  private let onCancel: Locked<(@Sendable () -> Void)?>?

  /// For subclasses, which override ``cancel()`` and cancel in their own `deinit`.
  @usableFromInline
  init() {
    onCancel = nil
  }

  /// Creates a token that runs `onCancel` exactly once: on the first call to ``cancel()`` or
  /// when the token is released, whichever comes first.
  ///
  /// Use it to wrap your own resources (a timer, a task) so they can sit in the same bag as
  /// stream subscriptions. `onCancel` runs on the thread that cancels, with no lock held, and is
  /// released right after it has run.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  deinit {
    if onCancel != nil { cancel() }
  }

  /// Ends the subscription without waiting. Idempotent and safe from any thread, any handler
  /// and any `deinit`; see the type's documentation for exactly when a handler may still run.
  public func cancel() {
    var action = onCancel?.withLock { $0.take() }
    action?()
    action = nil  // what the closure captured is released here, after it ran
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
