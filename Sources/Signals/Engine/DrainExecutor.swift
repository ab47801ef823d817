/// Where a ``Channel`` runs its deliveries. Internal.
///
/// `nil` (the default) means "on the sending thread, right away". An executor moves delivery
/// elsewhere (the main actor, a dispatch queue, a scheduler) while the channel keeps its
/// ordering and cancellation rules.
///
/// Class-bound: the channel asks ``canDeliverInline()`` before every send, and copying a
/// class existential out of the channel is one retain, where a struct existential was copied
/// through value witnesses (about 110 instructions per send; docs/performance.md).
@usableFromInline
protocol DrainExecutor: AnyObject, Sendable {
  /// Whether a delivery may start on the calling thread now, without hopping.
  func canDeliverInline() -> Bool
  /// Runs `job` later, in the executor's context. Jobs submitted by one channel never overlap,
  /// because a channel submits its next job only after the previous one finished.
  func submit(_ job: @escaping @Sendable () -> Void)
}

/// A channel's delivery loop as a job for its executor, made once per channel. Internal.
///
/// A class holding the closure, rather than the closure itself in an optional: a closure stored
/// in a generic container is kept at the container's abstraction, and converting it back for
/// the executor allocated a thunk on every submission.
@usableFromInline
final class DrainJob: Sendable {
  /// Runs the channel's delivery loop (nothing once the channel is gone).
  @usableFromInline let run: @Sendable () -> Void

  @inlinable
  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}

/// A channel held weakly, for its drain job. Internal.
@usableFromInline
final class WeakChannel<Value: Sendable>: Sendable {
  /// The channel, or `nil` once it is gone.
  @usableFromInline weak let channel: Channel<Value>?

  @inlinable
  init(_ channel: Channel<Value>) {
    self.channel = channel
  }
}
