/// Something that runs work later, in a context of its own: a dispatch queue, right away, or
/// virtual time in tests (`TestScheduler` in SignalsTesting).
///
/// Used by ``EventStream/receive(on:)-(SignalScheduler)`` to move delivery and by
/// ``EventStream/debounce(for:scheduler:)`` to wait. Conformers must be safe to call from any
/// thread; Signals never calls one under a lock of its own, so it may call back into Signals.
/// Named apart from Combine (re-exported by SwiftUI), so a file importing both needs no module
/// prefix: `SignalScheduler`, not `Scheduler`; ``InlineScheduler``, not `ImmediateScheduler`;
/// ``DispatchQueueScheduler`` wraps the queue, as `DispatchQueue` has Combine's `schedule(_:)`.
public protocol SignalScheduler: Sendable {
  /// Runs `action` soon, in the scheduler's context. Actions scheduled from one thread keep their
  /// order only if the scheduler is serial; Signals does not rely on it.
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` once `delay` has passed, unless the returned token is cancelled (or released)
  /// first. Cancelling prevents a run that has not started yet; it does not stop one in progress.
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken

  /// The clock `schedule(after:_:)` waits on, as the time since a fixed start; it never goes back,
  /// and only differences mean something. Virtual on a test scheduler, so a countdown that reads
  /// it moves with the delays it schedules; monotonic on the others (since the system started).
  var now: Duration { get }
}
