import Foundation
import Synchronization

/// A value behind a lock that ThreadSanitizer can see; the reliability tests' `Mutex`.
///
/// `Synchronization.Mutex` on Linux parks a contended thread with raw futex system calls inside
/// the (uninstrumented) standard library, so ThreadSanitizer misses that synchronization and
/// reports races on the state a contended `Mutex` protects (see docs/reliability.md for a
/// twenty-line reproduction). An `NSLock` is a pthread mutex, which ThreadSanitizer intercepts;
/// taking it around the `Mutex` gives ThreadSanitizer its happens-before edge and leaves the
/// `Mutex` uncontended. The `Mutex` stays so that the type is `Sendable` without unsafe
/// annotations.
final class SanitizerVisibleLock<Value>: Sendable {
  private let order = NSLock()
  private let mutex: Mutex<Value>

  init(_ value: sending Value) {
    mutex = Mutex(value)
  }

  func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
    order.lock()
    defer { order.unlock() }
    return mutex.withLock(body)
  }
}
