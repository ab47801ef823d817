/// The handle every subscription returns (not named `Subscription`, which SwiftUI re-exports
/// from Combine). Keep it for as long as you want values: delivery ends at ``cancel()`` or when
/// the last reference to the token goes away, whichever comes first.
///
/// - Never waits, never delivers: ``cancel()`` and releasing the token never block and never
///   call a handler, whatever other subscribers' handlers are doing: nothing deadlocks when a
///   screen releases its bag on the main thread while a handler elsewhere waits for that thread.
/// - What may still run: once ``cancel()`` returns, no delivery round that starts later calls the
///   handler, but one already running on *another* thread may still make the one call it was about
///   to make, and a call in progress there runs to its end. A cancel on the delivering thread (in
///   any handler of the same delivery, or on the main actor for a `receive(on: .mainActor)`
///   subscription, whose deliveries all run there) ends delivery at once. To know a handler has
///   finished, deliver on a serial queue or an actor and wait there (see CHANGELOG.md).
/// - Memory: cancelling releases the handler and all it captured: at once if no delivery round
///   holds it, else on the delivering thread when the rounds that hold it end.
/// - Storage: a screen keeps its tokens in a ``SubscriptionBag`` (``store(in:)``); tokens are
///   `Hashable` by identity. Other modules cannot subclass it: inside Signals each kind of
///   subscription is a subclass, so a subscription is one object (docs/performance.md).
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

  /// Creates a token that runs `onCancel` exactly once, at the first ``cancel()`` or release, on
  /// the cancelling thread with no lock held, then releases it: for your own resources (a timer,
  /// a task) to sit in the same bag as subscriptions.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  deinit {
    if onCancel != nil { cancel() }
  }

  /// Ends the subscription without waiting. Idempotent and safe from any thread, any handler
  /// and any `deinit`; for exactly what may still run, see ``SubscriptionToken``.
  public func cancel() {
    var action = onCancel?.withLock { $0.take() }
    action?()
    action = nil  // what the closure captured is released here, after it ran
  }

  /// For this package's tests: stops if the engine breaks an invariant of a channel this token
  /// holds (its subscription's, a relay's, an operator's output); a closure token holds none.
  package func checkInvariants() {}

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
