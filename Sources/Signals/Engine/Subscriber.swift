import Synchronization

/// Special values of ``Subscriber/slot``. Internal.
@usableFromInline
enum SubscriberSlot {
  /// Registered during a round, not in the channel's list yet.
  @usableFromInline static let joining: Int32 = -1
  /// Removed for good: the channel no longer holds it and never calls it again.
  @usableFromInline static let retired: Int32 = -2
}

/// One registered handler of a ``Channel``. Internal.
///
/// The channel holds it strongly until it is retired; it holds the channel strongly so that
/// cancelling can always find its way back. The cycle is broken when the channel retires it, and
/// retiring also releases the handler, so a cancelled token that is still held keeps nothing the
/// handler captured alive.
@usableFromInline
final class Subscriber<Value: Sendable>: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: every stored property is immutable or atomic except
  // `handler`, which the channel's lock and phase order. It is read (borrowed for the length of
  // the call) only by a thread delivering a round, after that thread saw it active
  // (``isActive``); it is cleared once, by `releaseHandler()`, only after the subscriber was
  // retired under the channel's lock.
  // Retiring happens either when no round is running or, at a round boundary, on the
  // delivering thread itself; it was deactivated under the lock before that, and every
  // later round starts under the lock or, on a main-actor relay, with a CAS that reads from the
  // cancellation's read-modify-write of the phase (see `Channel.sendFromSoleProducer`); a round
  // that ended before sees its end (a releasing CAS) read by the retiring lock holder. So each
  // call ends before the retirement, and the clearing comes after it.
  /// The user's handler, or one that does nothing once retired (not an optional: testing and
  /// destroying an optional closure cost about ten instructions per call). Called by the
  /// channel's delivering thread, never under a lock, borrowed for the length of the call (see
  /// ``SubscriberHandler``). No dynamic exclusivity checks: accesses never overlap (see above),
  /// and the checks cost about 90 instructions per call (docs/performance.md, "Undoing the first
  /// round's optimisations"). CI runs the Signals tests once with the checks on
  /// (`-DSIGNALS_CHECK_HANDLER_ACCESS`), where a write during a call traps.
  #if SIGNALS_CHECK_HANDLER_ACCESS
    @usableFromInline var handler: SubscriberHandler<Value>
  #else
    @exclusivity(unchecked) @usableFromInline var handler: SubscriberHandler<Value>
  #endif
  /// Which values this subscriber receives: those whose sequence number is larger. It starts
  /// as the number of the last value sent before it joined, so a late subscriber never sees an
  /// older value, and becomes ``cancelledAdmission`` (no sequence number is larger) once, at
  /// the first `cancel()`. One atomic for both rules, so a round checks one number per
  /// subscriber. Written under the channel's lock, read by the delivering thread right before
  /// each call.
  @usableFromInline let admittedAfter: Atomic<UInt64>
  /// The channel this subscriber belongs to.
  @usableFromInline let channel: Channel<Value>
  /// Index in the channel's subscriber list, or a ``SubscriberSlot`` value while not in it.
  /// Written only under the channel's lock and read under it, except by ``isRetired``, which may
  /// read it without the lock because `retired` is final (stored with release ordering).
  /// 32 bits, and last: the object is then 52 bytes, a 64-byte heap block (an 80-byte one above
  /// 56 bytes; measured with malloc_usable_size).
  @usableFromInline let slot = Atomic<Int32>(SubscriberSlot.joining)

  /// ``admittedAfter`` of a cancelled subscriber. A channel's sequence numbers never reach it
  /// (a number per value sent: 2^64 - 1 sends would take centuries).
  @inlinable
  static var cancelledAdmission: UInt64 { .max }

  @inlinable
  init(channel: Channel<Value>, since: UInt64, handler: @escaping @Sendable (Value) -> Void) {
    self.channel = channel
    self.admittedAfter = Atomic(since)
    self.handler = SubscriberHandler(handler)
  }

  /// Whether the value numbered `sequence` is for this subscriber: sent after it joined, and
  /// it is not cancelled. Read by the delivering thread.
  @inlinable @inline(__always)
  func admits(_ sequence: UInt64) -> Bool {
    admittedAfter.load(ordering: .relaxed) < sequence
  }

  /// Whether this subscriber has not been cancelled.
  @inlinable @inline(__always)
  var isActive: Bool {
    admittedAfter.load(ordering: .relaxed) != Self.cancelledAdmission
  }

  /// Marks the subscriber cancelled; returns whether it was active (so only the first
  /// cancellation proceeds). Call under the channel's lock.
  @inlinable
  func deactivate() -> Bool {
    admittedAfter.exchange(Self.cancelledAdmission, ordering: .relaxed)
      != Self.cancelledAdmission
  }

  /// Reached through the ``CancelTarget`` base class (from ``SubscriptionToken``), so this body
  /// is compiled once for every `Value`, where `channel.remove(self)` would look up generic
  /// metadata on each call. It calls the `remove` the channel captured where `Value` was known
  /// instead.
  ///
  /// A retired subscriber returns at once (the usual case when a cancelled token is released):
  /// nothing can run or start, and checking here skips the call through the closure.
  @usableFromInline
  override func cancel() {
    if isRetired { return }
    channel.removeSubscriber(channel, self, false)
  }

  /// As ``cancel()``, then waits for the retirement (see `Channel.removeAndWait(_:)`).
  @usableFromInline
  override func cancelAndWait() {
    channel.removeSubscriber(channel, self, true)
  }

  /// The cancellers parked on this subscriber's channel.
  @usableFromInline
  override var parkedCancellers: Int {
    channel.parkedCancellers
  }

  /// Releases the handler (and what it captured), putting one that captures nothing in its
  /// place (no allocation). Call only after retiring, outside the lock.
  @inlinable
  func releaseHandler() {
    handler = .retired
  }

  /// Whether the channel retired this subscriber; once true, it stays true.
  @inlinable
  var isRetired: Bool {
    slot.load(ordering: .acquiring) == SubscriberSlot.retired
  }
}
