/// The timer-cancel scheme of ``Throttler`` (so of debounce too) and `TaskOwner`'s timers
/// (package-internal), kept in its owner's locked state, so its checks are one step with the owner's.
/// Firings of older generations, or after ``stop()``, are stale; tokens leave to be cancelled
/// or released unlocked (may run user code).
package struct OperatorTimer: Sendable {
  package init() {}

  private(set) var generation: UInt64 = 0
  private(set) var isStopped = false
  private var pending: SubscriptionToken?

  /// Starts a new generation, so every firing scheduled so far is stale; `nil` once stopped.
  @discardableResult
  package mutating func advance() -> UInt64? {
    guard !isStopped else { return nil }
    generation &+= 1
    return generation
  }

  /// Whether a firing scheduled for `generation` is still the one to run.
  package func isCurrent(_ generation: UInt64) -> Bool {
    !isStopped && generation == self.generation
  }

  /// Keeps `token` as the pending firing if `generation` is still current; returns the token to
  /// cancel after unlocking: the one `token` replaces, or `token` itself if stale.
  package mutating func keep(_ token: SubscriptionToken, for generation: UInt64)
    -> SubscriptionToken?
  {
    guard isCurrent(generation) else { return token }
    let replaced = pending
    pending = token
    return replaced
  }

  /// Stops for good; returns the pending token, to cancel after unlocking.
  package mutating func stop() -> SubscriptionToken? {
    isStopped = true
    return pending.take()
  }
}
