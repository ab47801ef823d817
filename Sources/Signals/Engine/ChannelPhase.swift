import Synchronization

/// Who is delivering on a ``Channel``, held in an atomic beside its lock. Internal.
///
/// Every change happens under the channel's lock except these:
/// - The delivering thread ends an uneventful round, `delivering -> idle`, with a single
///   compare-and-swap and no lock. That is what makes a send one lock round trip (lock to start
///   the round, CAS to end it) instead of two.
/// - A main-actor relay's producer, already on the main queue, starts a round `idle ->
///   delivering` with a CAS and no lock (`Channel.sendFromSoleProducer`, which gives its own
///   proof): the whole relay costs two CASes when nothing is queued.
/// - A relay's producer that must hop to an executor hands a burst's first value over with no
///   lock, `idle -> handedOff`, and the job it submits starts its round `handedOff ->
///   delivering` (``Channel/handOffFromSoleProducer(_:to:through:)``, ``HandoffSlot``). A lock
///   holder that records work meanwhile moves `handedOff -> handedOffWithWork` first, which
///   makes the job start under the lock instead, as `deliveringWithWork` does for a round's end.
///
/// Why the lock-free end is correct:
///
/// - Anything a round's end must act on (a queued delivery, a subscriber joining or leaving, a
///   canceller waiting) is recorded under the lock, and whoever records it while a round runs
///   first moves the phase `delivering -> deliveringWithWork`
///   (``ChannelState/phaseForParking(_:claimingIdle:)``).
///   The deliverer's CAS expects `delivering`, so it fails exactly when there is work, and the
///   deliverer then ends the round under the lock, where it sees that work.
/// - If that recording thread's own CAS fails, the deliverer ended the round first: the phase is
///   `idle`, the round is done reading the subscriber list, and the thread proceeds as on an
///   idle channel (it holds the lock, and no round runs).
/// - Ordering: the deliverer's CAS releases, and every reader under the lock acquires. What the
///   deliverer did before it (read the subscriber list and the handlers) happens before
///   whatever the next lock holder does after seeing `idle` (change the list, release a
///   handler). ThreadSanitizer sees these atomics: they are compiled into this module.
@usableFromInline
enum ChannelPhase: UInt8, AtomicRepresentable, Sendable {
  /// Nobody is delivering, nothing is queued.
  case idle
  /// A delivery job was handed to the executor and has not started yet; its first delivery is
  /// in the queue.
  case scheduled
  /// A relay's delivery job was handed to the executor and has not started yet; its first value
  /// is in the channel's ``HandoffSlot`` (put there with no lock), and nothing was recorded
  /// since: the job may start its round with one CAS and no lock.
  case handedOff
  /// Like ``handedOff``, but work was recorded under the lock since (a value queued behind the
  /// handed-off one, a cancellation): the job must start its round under the lock, and the slot
  /// belongs to the lock holder.
  case handedOffWithWork
  /// A thread is running a round, and nothing has been queued or parked since it started: it
  /// may end the round without the lock.
  case delivering
  /// A thread is running a round, and work for the round's end was recorded under the lock:
  /// the round must end under the lock.
  case deliveringWithWork

  /// The phase that tells the thread running a round, or the job that was handed a value, that
  /// work was recorded for it: `.deliveringWithWork` or `.handedOffWithWork` (no change for the
  /// other phases).
  @inlinable @inline(__always)
  var withWork: ChannelPhase {
    switch self {
    case .delivering: .deliveringWithWork
    case .handedOff: .handedOffWithWork
    default: self
    }
  }

  /// Whether a thread is running a round (either kind).
  @inlinable @inline(__always)
  var isDelivering: Bool {
    self == .delivering || self == .deliveringWithWork
  }
}
