/// A value behind a `pthread_mutex_t`: the lock every Signals type uses. Package-internal.
///
/// Why not `Synchronization.Mutex`: on Linux its fast path is an atomic compare-and-swap inside
/// the (uninstrumented) standard library, so ThreadSanitizer cannot see the happens-before edge
/// a lock hand-off creates and reports every correctly locked access as a race. The pthread
/// mutex is intercepted by ThreadSanitizer, so `swift test --sanitize=thread` checks the real
/// locking, and it costs the same uncontended.
///
/// The API mirrors `Mutex.withLock`, including `sending`, so values cross isolation domains only
/// the way `Mutex` would allow. Only the library's own code runs inside ``withLock(_:)``; user
/// closures are called after it returns.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `state` is the only mutable storage, and it is read or
  // written only inside `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock` on
  // `mutex`; `sending` on the way in and out keeps non-Sendable values from escaping shared.
  // `mutex` is heap-allocated (never moved, as POSIX requires), initialised once in `init` and
  // destroyed in `deinit`, when no other reference — and so no lock holder — can exist.
  @usableFromInline let mutex: Platform.Mutex
  // Dynamic exclusivity checks are redundant here: `state` is only touched inside `withLock`,
  // under the mutex, so two accesses never overlap. The checks cost ~230 instructions per send
  // (measured with callgrind; see docs/performance.md), more than the rest of the send path.
  @exclusivity(unchecked) @usableFromInline var state: State

  /// Creates the lock holding `initial`.
  @inlinable
  package init(_ initial: sending State) {
    mutex = Platform.makeMutex()
    state = initial
  }

  deinit {
    Platform.destroy(mutex)
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code, must not
  /// block, and must not lock this lock again (it is not recursive).
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    Platform.lock(mutex)
    defer { Platform.unlock(mutex) }
    return try body(&state)
  }
}
