/// The timer of a time-based operator (``Debouncer``, ``Throttler``): which scheduled firing is
/// current, and the token of the pending one. Internal.
///
/// A plain value inside the operator's locked state, so that its checks are one step with the
/// operator's own. Each firing is scheduled for a generation: ``advance()`` starts a new one,
/// and a firing of an older generation, or any firing after ``stop()``, is stale and does
/// nothing. A token never stays behind when it leaves: ``keep(_:for:)``, ``takePending()`` and
/// ``stop()`` hand it to the caller, which cancels or releases it after unlocking (a token's
/// cancellation and release run the scheduler's code, which may be user code).
struct OperatorTimer: Sendable {
  /// The current generation: a firing scheduled for it is the one to run.
  private(set) var generation: UInt64 = 0
  /// Whether ``stop()`` was called: then no firing is current, ever again.
  private(set) var isStopped = false
  private var pending: SubscriptionToken?

  /// Starts a new generation, so every firing scheduled so far is stale; `nil` once stopped.
  @discardableResult
  mutating func advance() -> UInt64? {
    guard !isStopped else { return nil }
    generation &+= 1
    return generation
  }

  /// Whether a firing scheduled for `generation` is still the one to run.
  func isCurrent(_ generation: UInt64) -> Bool {
    !isStopped && generation == self.generation
  }

  /// Keeps `token`, just scheduled for `generation`, as the pending firing if that generation is
  /// still current. Returns the token to cancel after unlocking: the one `token` replaces, or
  /// `token` itself if it is stale already.
  mutating func keep(_ token: SubscriptionToken, for generation: UInt64) -> SubscriptionToken? {
    guard isCurrent(generation) else { return token }
    let replaced = pending
    pending = token
    return replaced
  }

  /// Takes the pending firing's token (to cancel or release after unlocking).
  mutating func takePending() -> SubscriptionToken? {
    pending.take()
  }

  /// Stops for good: no firing is current any more. Returns the pending token, to cancel after
  /// unlocking.
  mutating func stop() -> SubscriptionToken? {
    isStopped = true
    return pending.take()
  }
}
