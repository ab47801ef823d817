/// Something that runs work later, in a context of its own: the main actor, a dispatch queue,
/// right away, or virtual time in tests (`TestScheduler` in SignalsTesting).
///
/// Used by ``EventStream/receive(on:)-(SignalScheduler)`` to move delivery and by
/// ``EventStream/debounce(for:scheduler:)`` to wait. Conformers must be safe to call from any
/// thread. Signals never calls a scheduler while holding one of its own locks, so a conformance
/// may call back into Signals.
///
/// Named `SignalScheduler`, not `Scheduler`, so that a file importing both SwiftUI (which
/// re-exports Combine and its `Scheduler`) and Signals needs no module qualification.
public protocol SignalScheduler: Sendable {
  /// Runs `action` soon, in the scheduler's context. Actions scheduled from one thread run in
  /// the order they were scheduled only if the scheduler itself is serial; Signals does not rely
  /// on it (``EventStream/receive(on:)-(SignalScheduler)`` keeps order on any scheduler).
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` once `delay` has passed, unless the returned token is cancelled (or released)
  /// first. Cancelling prevents a run that has not started yet; it does not stop one in progress.
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
}
