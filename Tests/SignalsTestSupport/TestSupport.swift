import Dispatch
import Foundation
import Signals
import Synchronization
import Testing

/// A shared optional: a place to keep a token (or anything) that a handler can replace or
/// release while the test still refers to the slot. A replaced value is always released after
/// the slot's lock is dropped, so its `deinit` may use the slot again.
package final class Slot<Value: Sendable>: Sendable {
  private let stored = Locked<Value?>(nil)

  package init(_ initial: Value? = nil) {
    _ = replace(with: initial)
  }

  package var value: Value? {
    get { stored.withLock { $0 } }
    set { _ = replace(with: newValue) }
  }

  /// Puts `newValue` in the slot and returns what it held.
  package func replace(with newValue: Value?) -> Value? {
    stored.withLock { stored in
      let old = stored
      stored = newValue
      return old
    }
  }

  /// Empties the slot and returns what it held; the caller decides when the value is released.
  package func take() -> Value? {
    replace(with: nil)
  }
}

/// A counter that escaping handlers can share (an `Atomic` itself cannot be captured).
package final class Counter: Sendable {
  private let storage = Atomic<Int>(0)

  package init() {}

  package func increment() {
    storage.add(1, ordering: .relaxed)
  }

  package var value: Int {
    storage.load(ordering: .relaxed)
  }
}

/// A one-way boolean that escaping handlers can share.
package final class Flag: Sendable {
  private let storage = Atomic<Bool>(false)

  package init() {}

  package func raise() {
    storage.store(true, ordering: .sequentiallyConsistent)
  }

  package var isRaised: Bool {
    storage.load(ordering: .sequentiallyConsistent)
  }
}

/// An object with no behaviour whose lifetime a test observes through a `weak` reference.
package final class Tracked: Sendable {
  package let name: String

  package init(_ name: String = "tracked") {
    self.name = name
  }
}

/// Runs `action` when it is deallocated, to observe exactly when (and on which path) an object
/// captured by a handler goes away.
package final class OnDeinit: Sendable {
  private let action: @Sendable () -> Void

  package init(_ action: @escaping @Sendable () -> Void) {
    self.action = action
  }

  deinit {
    action()
  }
}

/// How long a test waits for something that must happen before it calls it a hang. Only a guard
/// against deadlocks turning into a stuck test run: a passing test never waits this long.
package let hangGuard: DispatchTimeInterval = .seconds(120)

/// Waits for `semaphore`; records a failure (instead of hanging forever) if it is not signalled
/// within ``hangGuard``. Returns whether it was signalled.
///
/// It blocks the calling thread: call it from a suite marked `.dedicatedThread` (threads of
/// its own), from a thread the test started, or for a moment on the main actor, never from a
/// thread of the concurrency pool, whose two threads (on two cores) every other test needs.
@discardableResult
package func waitOrFail(
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
package func startThread(
  named name: String? = nil, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
) -> DispatchSemaphore {
  let finished = DispatchSemaphore(value: 0)
  let thread = Thread {
    Thread.current.threadDictionary[threadNameKey] = name
    body()
    finished.signal()
  }
  if let stackSize { thread.stackSize = stackSize }
  thread.start()
  return finished
}

private let threadNameKey = "SignalsTests.threadName"

/// The name given to the current thread by ``startThread(named:_:)``, if any. (Not
/// `Thread.name`: on Linux that reads the kernel's thread name, which a new thread inherits from
/// its creator.)
package var currentThreadName: String? {
  Thread.current.threadDictionary[threadNameKey] as? String
}

/// Crashes the test process with a message if ``finish()`` is not called within ``hangGuard``:
/// for code that must run on the main thread and could deadlock it, where no wait with a
/// timeout is possible (a blocked main thread cannot time out, and the test run would hang).
package final class DeadlockWatchdog: Sendable {
  private let finished = DispatchSemaphore(value: 0)

  /// Starts watching; `what` names the call that must return.
  package init(_ what: String) {
    let finished = self.finished
    _ = startThread(named: "deadlock watchdog") {
      if finished.wait(timeout: .now() + hangGuard) == .timedOut {
        fatalError("Deadlock: \(what) did not return within the hang guard")
      }
    }
  }

  /// The watched call returned: stop watching.
  package func finish() {
    finished.signal()
  }
}

/// Waits (bounded by ``hangGuard``) until `condition` holds, checking it every millisecond.
/// For states another thread reaches and then stays in (a thread parked on a lock), so the test waits for the state itself rather than for a time.
package func waitUntil(
  _ description: String = "the condition", sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) -> Bool {
  let deadline = DispatchTime.now() + hangGuard
  while !condition() {
    guard DispatchTime.now() < deadline else {
      Issue.record("Timed out waiting for \(description)", sourceLocation: sourceLocation)
      return false
    }
    Thread.sleep(forTimeInterval: 0.001)
  }
  return true
}
