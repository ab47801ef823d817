#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many deliveries the current thread is inside. Internal.
///
/// The thread is inside a delivery while the engine runs a handler (a performer's round, or a
/// subscriber's replay) or releases a handler or a queued delivery that a cancel removed (a
/// performer's release step, or a canceller's own release): the code those run may be a
/// `deinit`. (A property's displaced value and an event nobody received are released outside
/// any delivery, as the sender's own code after the send would release them.) From inside one,
/// ``SubscriptionToken/cancelAndWait()`` does not wait: the round or release it would wait for
/// may be the one this thread is running, or may be waiting for this thread. Plain `cancel()`
/// never reads it.
///
/// Each thread's count lives in a heap word of its own, reached through a POSIX thread-local
/// slot (Signals imports no Foundation), and freed when the thread exits. (Keeping the count in
/// the slot's own value instead costs a `pthread_setspecific` on entry and exit, about 200
/// instructions per send in glibc: docs/performance.md.)
///
/// A value holding the process-wide slot: a channel keeps a copy (``shared``, read once when the
/// channel is made), so a send reaches the slot without the `swift_once` that guards every read
/// of a global.
@usableFromInline
struct DeliveryDepth: Sendable {
  /// The process-wide thread-local slot; created once, never deleted.
  @usableFromInline let slot: pthread_key_t

  /// The one depth: every copy holds the same slot.
  @usableFromInline static let shared: DeliveryDepth = {
    var key = pthread_key_t()
    // `free` takes an optional pointer, so this one destructor fits Darwin's declaration (a
    // non-optional pointer) and Glibc's (an optional one).
    let status = pthread_key_create(&key) { free($0) }
    precondition(status == 0, "Signals: pthread_key_create failed with \(status)")
    return DeliveryDepth(slot: key)
  }()

  @inlinable
  init(slot: pthread_key_t) {
    self.slot = slot
  }

  /// The current thread's counter, created on its first delivery.
  @inlinable
  var counter: UnsafeMutablePointer<Int> {
    if let word = pthread_getspecific(slot) {
      return word.assumingMemoryBound(to: Int.self)
    }
    return makeCounter()
  }

  /// Creates the current thread's counter, once per thread (out of line: the rare path).
  @usableFromInline @inline(never)
  func makeCounter() -> UnsafeMutablePointer<Int> {
    // Allocated with `malloc`, as the slot's destructor frees it with `free`.
    guard let raw = malloc(MemoryLayout<Int>.size) else {
      fatalError("Signals: out of memory for a thread's delivery depth")
    }
    let word = raw.bindMemory(to: Int.self, capacity: 1)
    word.initialize(to: 0)
    let status = pthread_setspecific(slot, word)
    precondition(status == 0, "Signals: pthread_setspecific failed with \(status)")
    return word
  }

  /// Whether the current thread is inside a delivery.
  @inlinable
  var isInsideDelivery: Bool {
    guard let word = pthread_getspecific(slot) else { return false }
    return word.assumingMemoryBound(to: Int.self).pointee > 0
  }

  /// Runs `body` counted as a delivery on this thread.
  @inlinable
  func inside<Result: ~Copyable>(_ body: () throws -> Result) rethrows -> Result {
    let word = counter
    word.pointee += 1
    defer { word.pointee -= 1 }
    return try body()
  }
}
