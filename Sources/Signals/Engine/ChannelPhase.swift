import Synchronization

/// Who is delivering on a ``Channel``, held in an atomic beside its lock. Internal.
///
/// Every change happens under the channel's lock except two:
/// - The delivering thread ends an uneventful round, `delivering -> idle`, with a single
///   compare-and-swap and no lock. That is what makes a send one lock round trip (lock to start
///   the round, CAS to end it) instead of two.
/// - A main-actor relay's producer, already on the main queue, starts a round `idle ->
///   delivering` with a CAS and no lock (`Channel.sendFromSoleProducer`, which gives its own
///   proof): the whole relay costs two CASes when nothing is queued.
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
  /// A delivery job was handed to the executor and has not started yet.
  case scheduled
  /// A thread is running a round, and nothing has been queued or parked since it started: it
  /// may end the round without the lock.
  case delivering
  /// A thread is running a round, and work for the round's end was recorded under the lock:
  /// the round must end under the lock.
  case deliveringWithWork

  /// Whether a thread is running a round (either kind).
  @inlinable @inline(__always)
  var isDelivering: Bool {
    self == .delivering || self == .deliveringWithWork
  }
}
