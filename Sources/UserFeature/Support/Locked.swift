import Foundation

/// A value that several threads share, behind a lock. Internal.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` on purpose: on Linux
/// the thread sanitizer cannot see `Mutex`'s futex-based locking, so it reports races between
/// correctly locked accesses (and fails `swift test --sanitize=thread`), while it understands
/// pthread mutexes. Only this module's own code runs inside ``withLock(_:)``.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable` is sound: `value` is private and touched only inside `withLock`, which
  // holds `lock` for the whole access, so no two threads ever access it at once; and `Value` is
  // `Sendable`, so anything read out of it may cross threads.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
