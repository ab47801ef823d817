import Synchronization

/// A value behind a lock, as a class so closures can share it. Internal.
///
/// Only the library's own code runs inside ``withLock(_:)``; user closures are called after it
/// returns.
final class Locked<State>: Sendable {
  private let mutex: Mutex<State>

  init(_ initial: sending State) {
    self.mutex = Mutex(initial)
  }

  func withLock<Result>(_ body: (inout sending State) -> sending Result) -> sending Result {
    mutex.withLock(body)
  }
}
