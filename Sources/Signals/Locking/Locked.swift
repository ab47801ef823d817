#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Signals needs POSIX threads: Glibc, Musl or Darwin")
#endif

/// A value behind a lock: the one lock every Signals type uses. Package-internal. Contract:
/// ``withLock(_:)`` gives its body, library code that never blocks or locks it again, exclusive
/// access to the value. User code never runs inside: a user value leaving the state (a displaced
/// value, a handler, a job) is returned from the body and released after unlocking.
///
/// A POSIX mutex, not `Synchronization.Mutex` (why: docs/performance.md, "The lock"). Mutex and
/// value share one heap block that never moves (POSIX forbids moving a mutex), reached through a
/// pointer: no dynamic exclusivity check, which the lock makes redundant.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the only mutable storage, `storage.pointee.state`, is
  // read and written only inside `withLock`, while `storage.pointee.mutex` is locked; `sending`
  // on the way in and out keeps non-Sendable values from escaping shared, as in `Mutex.withLock`.
  @usableFromInline
  struct Storage {
    @usableFromInline var mutex = pthread_mutex_t()
    @usableFromInline var state: State

    @inlinable
    init(state: consuming State) {
      self.state = state
    }
  }

  @usableFromInline let storage: UnsafeMutablePointer<Storage>

  /// Creates the lock holding `initial`.
  @inlinable
  package init(_ initial: sending State) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage(state: initial))
    let status = pthread_mutex_init(&storage.pointee.mutex, nil)
    precondition(status == 0, "Signals: pthread_mutex_init failed with \(status)")
  }

  deinit {
    // The last reference is gone, so nobody holds or waits for the lock.
    pthread_mutex_destroy(&storage.pointee.mutex)
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Runs `body` with exclusive access to the state (see the type's contract).
  @inlinable
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(&storage.pointee.mutex)
    defer { pthread_mutex_unlock(&storage.pointee.mutex) }
    return try body(&storage.pointee.state)
  }

  /// Whether some thread holds the lock right now (a try-lock that lets go at once). For tests
  /// that check that no user code runs under a lock.
  package var isHeld: Bool {
    let status = pthread_mutex_trylock(&storage.pointee.mutex)
    guard status == 0 else { return true }
    pthread_mutex_unlock(&storage.pointee.mutex)
    return false
  }
}

/// A number that names the calling thread while it runs (its POSIX thread). Internal; for
/// ``MutableProperty/modify(_:)``, to tell its own body's writes from other threads'.
@inlinable
func currentThreadNumber() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
