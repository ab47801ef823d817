/// How many deliveries the current thread is inside (a thread-local counter).
///
/// ``SubscriptionToken/cancelAndWait()`` made from outside every handler waits for a round
/// running on another thread to end; made from inside a handler it never waits, because the
/// thread it would wait for might be waiting for this one. This counter is how it tells the two
/// apart. (Plain `cancel()` never waits and never reads it.)
///
/// Storage: each thread's slot holds a pointer to that thread's own heap counter, so a delivery
/// costs one thread-local lookup (`pthread_getspecific`, see ``Platform``) and two plain memory updates (storing the count in the slot
/// itself took a get and a set on entry and another set on exit: about 80 instructions per
/// send in glibc, a fifth of a whole send to one subscriber).
@usableFromInline
enum DeliveryDepth {
  /// The process-wide key of the thread-local slot. Created once, never deleted. Its
  /// destructor frees a thread's counter when the thread exits.
  @usableFromInline static let key: Platform.ThreadSlot = Platform.makeOwnedIntSlot()

  /// The current thread's depth: 0 outside every handler.
  @inlinable
  static var current: Int {
    Platform.value(in: key)?.pointee ?? 0
  }

  /// Marks the start of a delivery on this thread; pass the result to ``exit(_:)``.
  ///
  /// Safety of the pointer: it is created by this thread, stored only in this thread's slot
  /// and used only by this thread (a delivery enters and exits on one thread), so there is no
  /// concurrent access; it stays valid until the thread exits, when the key's destructor frees
  /// it, and a thread cannot exit in the middle of a delivery it is running. glibc clears the
  /// slot before running the destructor, so a delivery in a later thread-exit destructor
  /// allocates a fresh counter, which glibc's repeated destructor pass frees again.
  ///
  /// `slot` is ``key``, passed in by a caller that keeps a copy: reading the global itself
  /// costs a lazy-initialisation check (a `swift_once` call) on every delivery.
  @inlinable
  static func enter(slot: Platform.ThreadSlot) -> UnsafeMutablePointer<Int> {
    let counter = Platform.value(in: slot) ?? makeCounter()
    counter.pointee += 1
    return counter
  }

  /// Marks the end of the delivery that `enter()` started on this thread.
  @inlinable
  static func exit(_ counter: UnsafeMutablePointer<Int>) {
    counter.pointee -= 1
  }

  /// This thread's counter, created at 0 on its first delivery.
  @usableFromInline
  static func makeCounter() -> UnsafeMutablePointer<Int> {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    Platform.setValue(counter, in: key)
    return counter
  }
}
