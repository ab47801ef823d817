/// A cancellation token: the handle every subscription returns.
///
/// Keep the token for as long as you want values. Delivery ends when you call ``cancel()`` or
/// when the last reference to the token goes away, whichever comes first. (Named
/// `SubscriptionToken`, not `Subscription`, so that a file importing SwiftUI, which re-exports
/// Combine's `Subscription`, and Signals needs no module qualification.)
///
/// - Cancellation never waits. ``cancel()`` (and releasing the token) never blocks, whatever
///   other subscribers' handlers are doing, so a screen can release its bag on the main thread
///   while a handler on another thread waits for the main thread, and nothing deadlocks.
/// - What may still run. Once ``cancel()`` returns, no delivery round that starts later calls
///   the handler. A round already running on *another* thread may still make the one call it
///   was about to make, and a call already in progress there runs to its end. A cancel made on
///   the thread that delivers (inside any handler of the same delivery, or on the main actor
///   for a `receive(on: .mainActor)` subscription, whose deliveries all run there) ends
///   delivery at once: no call follows.
/// - Waiting on purpose. ``cancelAndWait()`` also waits until the handler can no longer be
///   running: see its documentation for the cost and the one deadlock it can cause.
/// - Memory: cancelling releases the handler, and with it everything the handler captured: at
///   once when no delivery round is running, otherwise on the delivering thread when its round
///   ends.
/// - Storage: tokens are `Hashable` by identity, so they can be kept in a `Set`
///   (``store(in:)-(Set<SubscriptionToken>)``) or in a ``SubscriptionBag``.
public final class SubscriptionToken: Hashable, Sendable {
  let target: CancelTarget

  @usableFromInline
  init(_ target: CancelTarget) {
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

  /// Ends the subscription without waiting. Idempotent and safe from any thread, any handler
  /// and any `deinit`; see the type's documentation for exactly when a handler may still run.
  public func cancel() {
    target.cancel()
  }

  /// Ends the subscription, then waits until its handler is not running, will never run again
  /// and has been released.
  ///
  /// It returns at once when no delivery round is running. Otherwise it waits for the running
  /// round to end, and that round calls *every* subscriber of the stream: the wait includes
  /// other subscribers' handlers. If another thread is still releasing the handler (a
  /// ``cancel()`` there, or the end of a round, running the `deinit` of something the handler
  /// captured), it waits for that release too. So never call it on a thread that one of those
  /// handlers (or that `deinit`) may wait for (for example the main thread, when any handler of
  /// the stream calls `DispatchQueue.main.sync`): that is a deadlock. From inside any handler,
  /// or a `deinit` that releasing a handler runs, it does not wait (the round or release it
  /// would wait for may be waiting for this thread) and behaves as ``cancel()``.
  /// Operators' tokens wait for each stage in turn, the stage that calls your handler first.
  ///
  /// Use it only when code after it must be sure the handler is finished (for example before
  /// freeing something the handler uses); ``cancel()`` is the right call for screens.
  public func cancelAndWait() {
    target.cancelAndWait()
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
