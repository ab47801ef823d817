import Dispatch
import Foundation
import Signals
import Synchronization
import Testing

// The helpers of SignalsTests that the SignalsConcurrency suites use (copied, not shared: each
// test target is a module of its own, and a support target for five helpers is not worth one).

/// A thread-safe, append-only record of what happened, in the order it happened. Handlers on
/// several subscribers append to one log so a test can assert the interleaving, not just each
/// subscriber's own sequence.
final class Log<Entry: Sendable>: Sendable {
  private let entries = Locked<[Entry]>([])

  init() {}

  func append(_ entry: Entry) {
    entries.withLock { $0.append(entry) }
  }

  var all: [Entry] {
    entries.withLock { $0 }
  }

  var count: Int {
    entries.withLock { $0.count }
  }
}

/// A counter that escaping handlers can share (an `Atomic` itself cannot be captured).
final class Counter: Sendable {
  private let storage = Atomic<Int>(0)

  init() {}

  func increment() {
    storage.add(1, ordering: .relaxed)
  }

  var value: Int {
    storage.load(ordering: .relaxed)
  }
}

/// An object with no behaviour whose lifetime a test observes through a `weak` reference.
final class Tracked: Sendable {
  let name: String

  init(_ name: String = "tracked") {
    self.name = name
  }
}

/// How long a test waits for something that must happen before it calls it a hang. Only a guard
/// against deadlocks turning into a stuck test run: a passing test never waits this long.
let hangGuard: DispatchTimeInterval = .seconds(120)

/// Waits for `semaphore`; records a failure (instead of hanging forever) if it is not signalled
/// within ``hangGuard``. Returns whether it was signalled.
///
/// It blocks the calling thread: call it from a suite marked `.dedicatedThread` (threads of
/// its own), from a thread the test started, or for a moment on the main actor, never from a
/// thread of the concurrency pool, whose two threads (on two cores) every other test needs.
@discardableResult
func waitOrFail(
  _ semaphore: DispatchSemaphore, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let signalled = semaphore.wait(timeout: .now() + hangGuard) == .success
  if !signalled {
    Issue.record("Timed out waiting for \(what) (deadlock?)", sourceLocation: sourceLocation)
  }
  return signalled
}

/// Starts a dedicated thread (not one of the cooperative pool's, so it may block freely) running
/// `body`. The returned semaphore is signalled when `body` returns. `name` is what
/// ``currentThreadName`` returns on that thread, so a handler can record who delivered it.
func startThread(
  named name: String? = nil, _ body: @escaping @Sendable () -> Void
) -> DispatchSemaphore {
  let finished = DispatchSemaphore(value: 0)
  let thread = Thread {
    Thread.current.threadDictionary[threadNameKey] = name
    body()
    finished.signal()
  }
  thread.start()
  return finished
}

private let threadNameKey = "SignalsConcurrencyTests.threadName"

/// The name given to the current thread by ``startThread(named:_:)``, if any. (Not
/// `Thread.name`: on Linux that reads the kernel's thread name, which a new thread inherits from
/// its creator.)
var currentThreadName: String? {
  Thread.current.threadDictionary[threadNameKey] as? String
}
