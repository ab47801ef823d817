import Synchronization

/// The lock inside ``Locked`` on Linux: one atomic word, taken with a compare-and-swap and
/// released with an exchange, both inlined. Internal.
///
/// Why not `pthread_mutex_t` (what ``Locked`` used before, and still uses on Apple platforms):
/// each lock round trip was two calls into glibc, 53 instructions, and a send takes the lock
/// once, a relayed value three times. Why not `Synchronization.Mutex`: ThreadSanitizer cannot
/// see it on Linux (see ``Locked``). These atomics are compiled into this module, so
/// ThreadSanitizer sees every acquire and release, and the threads that have to wait park on a
/// pthread condition variable, which it intercepts too.
///
/// The word is ``free``, ``held``, or ``heldWithWaiters`` (Drepper's "Futexes Are Tricky",
/// mutex 2, with a condition variable where a futex would be):
/// - Taking a free lock is one CAS, `free -> held`; releasing is one exchange to `free`. Only
///   when the exchange returns `heldWithWaiters` does the releaser wake anyone
///   (``wakeWaiters(key:)``).
/// - A thread that finds the lock taken spins briefly (Signals holds its locks only for a few
///   dozen instructions of its own code, never around user code or a blocking call), then
///   parks (``lockContended(_:key:)``): holding its bucket's mutex, it sets the word to
///   `heldWithWaiters` with an exchange; if that exchange returned `free`, it owns the lock;
///   otherwise it waits on the bucket's condition and tries again when woken.
/// - No lost wake-up: the waiter marks the word and starts waiting while holding the bucket's
///   mutex, and the releaser takes that mutex before it signals. A release that happened before
///   the mark made the waiter's exchange return `free`; one after it sees `heldWithWaiters` and
///   signals after the waiter sleeps.
/// - A thread that took the lock by exchange marked it `heldWithWaiters` whether or not others
///   still wait, so its release may wake nobody: a wasted signal, never a missed one.
///
/// Apple platforms keep `pthread_mutex_t`: a thread waiting here does not lend its priority to
/// the holder, and on Apple platforms the kernel does that for a pthread mutex.
@usableFromInline
enum LockWord {
  /// Nobody holds the lock.
  @usableFromInline static var free: UInt32 { 0 }
  /// A thread holds the lock; nobody has parked since it took it.
  @usableFromInline static var held: UInt32 { 1 }
  /// A thread holds the lock, and a thread may be parked waiting for it.
  @usableFromInline static var heldWithWaiters: UInt32 { 2 }

  /// How many times a thread that found the lock taken reads it again before parking.
  static var spinLimit: Int { 100 }

  /// Takes the lock after the inlined CAS failed: spins, then parks until it can take it.
  @usableFromInline
  @inline(never)
  static func lockContended(_ word: borrowing Atomic<UInt32>, key: ObjectIdentifier) {
    for _ in 0..<spinLimit {
      if word.load(ordering: .relaxed) == free
        && word.compareExchange(expected: free, desired: held, ordering: .acquiring).exchanged
      {
        return
      }
    }
    let bucket = ParkingLot.bucket(for: key)
    Platform.lock(bucket.mutex)
    while word.exchange(heldWithWaiters, ordering: .acquiring) != free {
      bucket.countParked(key, by: 1)
      Platform.wait(on: bucket.condition, releasing: bucket.mutex)
      bucket.countParked(key, by: -1)
    }
    Platform.unlock(bucket.mutex)
  }

  /// Wakes the threads parked on the lock `key` (and any other lock of the same bucket, which
  /// then find theirs still taken and wait again). Called by the releaser that saw
  /// ``heldWithWaiters``.
  @usableFromInline
  @inline(never)
  static func wakeWaiters(key: ObjectIdentifier) {
    let bucket = ParkingLot.bucket(for: key)
    Platform.lock(bucket.mutex)
    Platform.broadcast(bucket.condition)
    Platform.unlock(bucket.mutex)
  }
}

/// Where threads wait for a ``LockWord``: a fixed table of buckets, each a pthread mutex and
/// condition variable, shared by the locks whose addresses hash to it. Internal. Made on first
/// contention and kept for the life of the process, so no lock carries parking storage.
enum ParkingLot {
  /// The number of buckets: a power of two.
  static var bucketCount: Int { 64 }

  static let buckets: [ParkingBucket] = (0..<bucketCount).map { _ in ParkingBucket() }

  /// The bucket for the lock identified by `key` (its owner's identity).
  static func bucket(for key: ObjectIdentifier) -> ParkingBucket {
    // Objects are 16-byte aligned: skip the four bits that never change.
    buckets[Int((UInt(bitPattern: key) >> 4) & UInt(bucketCount - 1))]
  }
}

/// One bucket of the ``ParkingLot``. Internal.
final class ParkingBucket: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `mutex` and `condition` are `let` pointers to pthread
  // objects, initialised before the bucket is shared (the table is a global, published once)
  // and used only through pthread calls made for sharing them between threads; `parked`, the
  // one `var`, is read and written only while holding `mutex`.
  /// Guards the waiting; held only around marking the word and waiting or signalling.
  let mutex: Platform.Mutex
  /// Where the waiters sleep.
  let condition: Platform.Condition
  /// How many threads wait right now, per lock; each is counted right before it waits, while
  /// it holds `mutex`, so a release after the count was seen wakes it. For tests.
  private var parked: [ObjectIdentifier: Int] = [:]

  init() {
    mutex = Platform.makeMutex()
    condition = Platform.makeCondition()
  }

  // No deinit: the buckets live as long as the process.

  /// Adds `change` to the lock `key`'s parked count. Call with `mutex` held.
  func countParked(_ key: ObjectIdentifier, by change: Int) {
    let count = parked[key, default: 0] + change
    parked[key] = count == 0 ? nil : count
  }

  /// How many threads are parked on the lock `key` right now.
  func parkedCount(_ key: ObjectIdentifier) -> Int {
    Platform.lock(mutex)
    defer { Platform.unlock(mutex) }
    return parked[key, default: 0]
  }
}
