import Synchronization

/// One registered handler of a ``Channel``. Internal.
///
/// The channel's list holds it strongly while it is linked; it holds the channel strongly so that
/// cancelling can always find its way back. Retiring releases the handler at once, so a
/// cancelled token that is still held keeps nothing the handler captured alive; the list unlinks
/// retired subscribers in sweeps (``SubscriberList``), which ends the cycle.
@usableFromInline
final class Subscriber<Value: Sendable>: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: every stored property is immutable or atomic except
  // `next`, which only the channel's lock holder writes (``SubscriberList``) and a round reads
  // while the list cannot change (``ChannelState`` invariant 3), and `handler`, which the
  // channel's lock and phase order: the handler is read (borrowed for the length of the call)
  // only by a thread delivering a round, after that thread saw the subscriber active
  // (``isActive``), and replaced once, by `releaseHandler()`, only after the subscriber was
  // retired under the channel's lock. Retiring happens either when no round is running or, at
  // a round boundary, on the delivering thread itself; it was deactivated under the lock before
  // that, and every later round starts under the lock or, on a relay, with a CAS that reads
  // from the cancellation's read-modify-write of the phase (see
  // `Channel.sendFromSoleProducer` and `Channel.handOffFromSoleProducer`, whose job's CAS reads
  // from its producer's); a round that ended before sees its end (a releasing CAS)
  // read by the retiring lock holder. So each call ends before the retirement, and the
  // clearing comes after it.
  /// The user's handler, or one that does nothing once retired (not an optional: testing and
  /// destroying an optional closure cost about ten instructions per call). Called by the
  /// channel's delivering thread, never under a lock, borrowed for the length of the call (see
  /// ``SubscriberHandler``). No dynamic exclusivity checks: accesses never overlap (see above),
  /// and the checks cost about 90 instructions per call (docs/performance.md, "Undoing the first
  /// round's optimisations"). CI runs the whole suite once with the checks on
  /// (`-DSIGNALS_CHECK_HANDLER_ACCESS`), where a write during a call made on the calling thread
  /// (a re-entrant release) traps; run-time exclusivity checks are per thread, so a write from
  /// another thread is ThreadSanitizer's to find (the TSan step).
  #if SIGNALS_CHECK_HANDLER_ACCESS
    @usableFromInline var handler: SubscriberHandler<Value>
  #else
    @exclusivity(unchecked) @usableFromInline var handler: SubscriberHandler<Value>
  #endif
  /// Which values this subscriber receives: those whose sequence number is larger. It starts
  /// as the number of the last value sent before it joined, so a late subscriber never sees an
  /// older value, becomes ``cancelledAdmission`` (no sequence number is larger) once, at the
  /// first `cancel()`, ``retiredAdmission`` when the channel retires it, and
  /// ``releasedAdmission`` once its handler is released. One atomic for all of these, so a
  /// round checks one number per subscriber. Written under the channel's lock, but for the
  /// last step, which the releasing thread makes after unlocking; read by the delivering
  /// thread right before each call.
  @usableFromInline let admittedAfter: Atomic<UInt64>
  /// The channel this subscriber belongs to.
  @usableFromInline let channel: Channel<Value>
  /// The next subscriber in the channel's list (``SubscriberList``), unretained: the list owns
  /// one reference to each linked subscriber. With this field the object is 56 bytes, a 64-byte
  /// heap block in glibc's size classes (one more word would make it an 80-byte block). No
  /// dynamic exclusivity checks: accesses never overlap (see above).
  @exclusivity(unchecked) @usableFromInline var next: Unmanaged<Subscriber<Value>>?

  /// ``admittedAfter`` of a cancelled subscriber that is not retired yet. A channel's sequence
  /// numbers never reach it (a number per value sent: 2^64 - 3 sends would take centuries).
  @inlinable
  static var cancelledAdmission: UInt64 { .max - 2 }

  /// ``admittedAfter`` of a retired subscriber whose handler the retiring thread has yet to
  /// release.
  @inlinable
  static var retiredAdmission: UInt64 { .max - 1 }

  /// ``admittedAfter`` of a retired subscriber whose handler is released: final.
  @inlinable
  static var releasedAdmission: UInt64 { .max }

  @inlinable
  init(channel: Channel<Value>, since: UInt64, handler: @escaping @Sendable (Value) -> Void) {
    self.channel = channel
    self.admittedAfter = Atomic(since)
    self.handler = SubscriberHandler(handler)
  }

  /// Whether the value numbered `sequence` is for this subscriber: sent after it joined, and
  /// it is neither cancelled nor retired. Read by the delivering thread.
  @inlinable @inline(__always)
  func admits(_ sequence: UInt64) -> Bool {
    admittedAfter.load(ordering: .relaxed) < sequence
  }

  /// Whether this subscriber has not been cancelled (nor, therefore, retired).
  @inlinable @inline(__always)
  var isActive: Bool {
    admittedAfter.load(ordering: .relaxed) < Self.cancelledAdmission
  }

  /// Marks the subscriber cancelled; returns whether it was active (so only the first
  /// cancellation proceeds). Call under the channel's lock (every write is made under it, so a
  /// load and a store cannot miss another write).
  @inlinable
  func deactivate() -> Bool {
    guard isActive else { return false }
    admittedAfter.store(Self.cancelledAdmission, ordering: .relaxed)
    return true
  }

  /// Marks the subscriber retired: the channel never calls it again, and its handler may be
  /// released. Call under the channel's lock, once it is cancelled. Stored with release
  /// ordering, for ``isRetired``'s readers outside the lock.
  @inlinable
  func retire() {
    admittedAfter.store(Self.retiredAdmission, ordering: .releasing)
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
  /// place (no allocation), then marks the subscriber released. Call only after retiring,
  /// outside the lock, then ``Channel/wakeReleaseWaiters()``. The mark is sequentially
  /// consistent: it pairs with the waiter count a `cancelAndWait()` raises before it reads the
  /// mark (see `Channel.removeAndWait(_:)`), so that either the waiter sees the mark or the
  /// releaser sees the waiter.
  @inlinable
  func releaseHandler() {
    handler = .retired
    admittedAfter.store(Self.releasedAdmission, ordering: .sequentiallyConsistent)
  }

  /// Whether the channel retired this subscriber (its handler may still be being released);
  /// once true, it stays true.
  @inlinable
  var isRetired: Bool {
    admittedAfter.load(ordering: .acquiring) >= Self.retiredAdmission
  }

  /// Whether this subscriber's handler has been released; once true, it stays true.
  /// Sequentially consistent (so also acquiring: whatever the release did, a captured object's
  /// `deinit`, happened before), for the waiter's side of the handshake in `releaseHandler()`.
  @inlinable
  var isReleased: Bool {
    admittedAfter.load(ordering: .sequentiallyConsistent) == Self.releasedAdmission
  }
}
