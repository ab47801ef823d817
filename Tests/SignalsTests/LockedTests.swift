import Dispatch
import Signals
import SignalsTesting
import Testing

/// `Locked`, the lock behind every Signals type: mutual exclusion under contention, and the
/// slow path where a thread that finds the lock held parks until the holder releases it.
@Suite(.dedicatedThread) struct LockedTests {
  @Test func incrementsFromContendingThreadsAreNeverLost() async {
    let counter = Locked(0)
    let threads = 4
    let incrementsPerThread = 20_000
    await onThreads(threads) { _ in
      for _ in 0..<incrementsPerThread {
        counter.withLock { $0 += 1 }
      }
    }
    #expect(counter.withLock { $0 } == threads * incrementsPerThread)
  }

  @Test func aThreadThatFindsTheLockHeldParksAndTheReleaseWakesIt() {
    let counter = Locked(0)
    let holder = LockHolder(holding: counter)
    let waiterDone = startThread(named: "waiter") {
      counter.withLock { $0 += 10 }
    }
    #if !canImport(Darwin)
      // Where `Locked` parks threads itself, the waiter must really be parked before the
      // release, so the release's wake-up is what lets it in.
      #expect(waitUntil("the waiter to park") { counter.parkedThreadCount > 0 })
    #endif
    holder.release()
    waitOrFail(waiterDone, "the parked waiter to be woken")
    #expect(counter.withLock { $0 } == 11)
    #expect(counter.parkedThreadCount == 0)
  }

  /// Several parked threads: the thread that takes the lock after a wake-up cannot tell
  /// whether others still wait, so every release must wake the rest until none is left.
  @Test func everyParkedThreadIsEventuallyWoken() {
    let counter = Locked(0)
    let holder = LockHolder(holding: counter)
    let waiters = (0..<3).map { index in
      startThread(named: "waiter \(index)") {
        counter.withLock { $0 += 10 }
      }
    }
    #if !canImport(Darwin)
      #expect(waitUntil("all three waiters to park") { counter.parkedThreadCount == 3 })
    #endif
    holder.release()
    for done in waiters {
      waitOrFail(done, "every parked waiter to be woken")
    }
    #expect(counter.withLock { $0 } == 31)
  }
}

/// A thread that takes a lock and holds it, blocked inside `withLock` (library code never
/// blocks there; these tests do, so that other threads exhaust their spinning and park), until
/// ``release()``. It adds 1 to the counter before letting go.
private struct LockHolder {
  private let releaseSignal = DispatchSemaphore(value: 0)
  private let done: DispatchSemaphore

  /// Returns once the new thread holds `counter`'s lock.
  init(holding counter: Locked<Int>) {
    let holding = DispatchSemaphore(value: 0)
    let releaseSignal = self.releaseSignal
    done = startThread(named: "holder") {
      counter.withLock { value in
        holding.signal()
        releaseSignal.wait()
        value += 1
      }
    }
    waitOrFail(holding, "the holder to take the lock")
  }

  /// Lets the holder release the lock, and waits until it has.
  func release() {
    releaseSignal.signal()
    waitOrFail(done, "the holder to finish")
  }
}
