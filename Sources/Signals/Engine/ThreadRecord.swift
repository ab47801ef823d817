/// What Signals keeps per thread, behind one thread-local slot: how many deliveries the thread is
/// inside, and whether it is the main thread. Internal.
///
/// **Delivery depth.** ``SubscriptionToken/cancelAndWait()`` made from outside every handler
/// waits for a round running on another thread to end; made from inside a handler it never
/// waits, because the thread it would wait for might be waiting for this one. The depth is how
/// it tells the two apart. (Plain `cancel()` never waits and never reads it.)
///
/// **Main thread.** ``MainQueueExecutor`` caches its answer to "is this the main thread" here,
/// so that a main-actor relay's in-place round (`Channel.sendFromSoleProducer`) asks both
/// questions with one thread-local lookup.
///
/// Storage: each thread's slot holds a pointer to that thread's own heap record, so a delivery
/// costs one thread-local lookup (`pthread_getspecific`, see ``Platform``) and two plain memory
/// updates (storing the count in the slot itself took a get and a set on entry and another set
/// on exit: about 80 instructions per send in glibc, a fifth of a whole send to one
/// subscriber). Two slots, one per question, cost a main-actor value a second lookup (about 17
/// instructions).
@usableFromInline
struct ThreadRecord {
  /// How many deliveries this thread is inside: 0 outside every handler.
  @usableFromInline var deliveryDepth = 0
  /// ``MainQueueExecutor``'s cache: 0 not asked yet, 1 the process's initial thread, 2 another
  /// thread.
  @usableFromInline var threadKind = 0

  /// The process-wide key of the thread-local slot. Created once, never deleted. Its
  /// destructor frees a thread's record when the thread exits.
  @usableFromInline static let key: Platform.ThreadSlot = Platform.makeOwnedSlot()

  /// The current thread's delivery depth, without creating a record for it.
  @inlinable
  static var currentDeliveryDepth: Int {
    Platform.value(in: key)?.assumingMemoryBound(to: ThreadRecord.self).pointee.deliveryDepth
      ?? 0
  }

  /// The current thread's record, created on the thread's first call.
  ///
  /// Safety of the pointer: it is created by this thread, stored only in this thread's slot
  /// and used only by this thread (a delivery enters and exits on one thread), so there is no
  /// concurrent access; it stays valid until the thread exits, when the key's destructor frees
  /// it, and a thread cannot exit in the middle of a delivery it is running. glibc clears the
  /// slot before running the destructor, so a delivery in a later thread-exit destructor
  /// allocates a fresh record, which glibc's repeated destructor pass frees again (up to
  /// `PTHREAD_DESTRUCTOR_ITERATIONS` passes: a record made in the last one, 16 bytes, is left).
  ///
  /// `slot` is ``key``, passed in by a caller that keeps a copy: reading the global itself
  /// costs a lazy-initialisation check (a `swift_once` call) on every delivery.
  @inlinable
  static func current(slot: Platform.ThreadSlot) -> UnsafeMutablePointer<ThreadRecord> {
    Platform.value(in: slot)?.assumingMemoryBound(to: ThreadRecord.self) ?? makeRecord()
  }

  /// Marks the start of a delivery on this thread; pass the result to ``exitDelivery(_:)``.
  @inlinable
  static func enterDelivery(slot: Platform.ThreadSlot) -> UnsafeMutablePointer<ThreadRecord> {
    let record = current(slot: slot)
    record.pointee.deliveryDepth += 1
    return record
  }

  /// Marks the end of the delivery that ``enterDelivery(slot:)`` started on this thread.
  @inlinable
  static func exitDelivery(_ record: UnsafeMutablePointer<ThreadRecord>) {
    record.pointee.deliveryDepth -= 1
  }

  /// This thread's record, created empty.
  @usableFromInline
  static func makeRecord() -> UnsafeMutablePointer<ThreadRecord> {
    let record = UnsafeMutablePointer<ThreadRecord>.allocate(capacity: 1)
    record.initialize(to: ThreadRecord())
    Platform.setValue(UnsafeMutableRawPointer(record), in: key)
    return record
  }
}
