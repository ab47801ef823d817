import Synchronization

/// A value behind a lock: the lock every Signals type uses. Package-internal.
///
/// The lock is a ``LockWord`` on Linux (one inlined CAS to take it, one exchange to release it)
/// and a `pthread_mutex_t` on Apple platforms (see ``LockWord`` for why each).
///
/// Why not `Synchronization.Mutex`: on Linux its fast path is an atomic compare-and-swap inside
/// the (uninstrumented) standard library, so ThreadSanitizer cannot see the happens-before edge
/// a lock hand-off creates and reports every correctly locked access as a race. The lock word's
/// atomics are compiled into this module and its parking uses pthread calls, all of which
/// ThreadSanitizer sees, so `swift test --sanitize=thread` checks the real locking.
///
/// The API mirrors `Mutex.withLock`, including `sending`, so values cross isolation domains only
/// the way `Mutex` would allow. Only the library's own code runs inside ``withLock(_:)``; user
/// closures are called after it returns.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `state` is the only mutable storage, and it is read or
  // written only inside `withLock`, between taking and releasing the lock (an acquiring CAS or
  // exchange and a releasing exchange of `word`; or `pthread_mutex_lock` and `unlock` of
  // `mutex`); `sending` on the way in and out keeps non-Sendable values from escaping shared.
  #if canImport(Darwin)
    // Heap-allocated (never moved, as POSIX requires), initialised once in `init` and
    // destroyed in `deinit`, when no other reference, and so no lock holder, can exist.
    @usableFromInline let mutex: Platform.Mutex
  #else
    /// ``LockWord/free``, ``LockWord/held`` or ``LockWord/heldWithWaiters``.
    @usableFromInline let word = Atomic<UInt32>(LockWord.free)
  #endif
  // Dynamic exclusivity checks are redundant here: `state` is only touched inside `withLock`,
  // under the lock, so two accesses never overlap. The checks cost ~230 instructions per send
  // (measured with callgrind; see docs/performance.md), more than the rest of the send path.
  @exclusivity(unchecked) @usableFromInline var state: State

  /// Creates the lock holding `initial`.
  @inlinable
  package init(_ initial: sending State) {
    #if canImport(Darwin)
      mutex = Platform.makeMutex()
    #endif
    state = initial
  }

  #if canImport(Darwin)
    deinit {
      Platform.destroy(mutex)
    }
  #endif

  /// Runs `body` with exclusive access to the state. `body` must not call user code, must not
  /// block, and must not lock this lock again (it is not recursive).
  @inlinable
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock()
    defer { unlock() }
    return try body(&state)
  }

  /// How many threads are parked right now waiting for this lock: each is counted right before
  /// it sleeps, and a release after that wakes it. Always 0 on Apple platforms, where the
  /// system mutex parks them. For tests: wait until a thread is really parked instead of
  /// guessing with a timing window.
  package var parkedThreadCount: Int {
    #if canImport(Darwin)
      0
    #else
      ParkingLot.bucket(for: ObjectIdentifier(self)).parkedCount(ObjectIdentifier(self))
    #endif
  }

  /// Blocks until this thread holds the lock.
  @inlinable @inline(__always)
  func lock() {
    #if canImport(Darwin)
      Platform.lock(mutex)
    #else
      if !word.compareExchange(
        expected: LockWord.free, desired: LockWord.held, ordering: .acquiring
      ).exchanged {
        LockWord.lockContended(word, key: ObjectIdentifier(self))
      }
    #endif
  }

  /// Releases the lock, held by this thread, waking the threads parked on it if any.
  @inlinable @inline(__always)
  func unlock() {
    #if canImport(Darwin)
      Platform.unlock(mutex)
    #else
      if word.exchange(LockWord.free, ordering: .releasing) == LockWord.heldWithWaiters {
        LockWord.wakeWaiters(key: ObjectIdentifier(self))
      }
    #endif
  }
}
