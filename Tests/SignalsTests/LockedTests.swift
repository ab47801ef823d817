import Dispatch
import Signals
import Testing

/// `Locked`, the lock behind every Signals type: mutual exclusion under contention, and the
/// slow path where a thread that finds the lock held parks until the holder releases it.
@Suite struct LockedTests {
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

  /// The holder blocks inside `withLock` on purpose (library code never does), so that the
  /// second thread exhausts its spinning and parks; the release must wake it.
  @Test func aThreadThatFindsTheLockHeldParksAndTheReleaseWakesIt() {
    let counter = Locked(0)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holderDone = startThread(named: "holder") {
      counter.withLock { value in
        holding.signal()
        release.wait()
        value += 1
      }
    }
    waitOrFail(holding, "the holder to take the lock")
    let waiterDone = startThread(named: "waiter") {
      counter.withLock { $0 += 10 }
    }
    #if !canImport(Darwin)
      // Where `Locked` parks threads itself, the waiter must really be parked before the
      // release, so the release's wake-up is what lets it in.
      #expect(waitUntil("the waiter to park") { counter.parkedThreadCount > 0 })
    #endif
    release.signal()
    waitOrFail(holderDone, "the holder to finish")
    waitOrFail(waiterDone, "the parked waiter to be woken")
    #expect(counter.withLock { $0 } == 11)
    #expect(counter.parkedThreadCount == 0)
  }

  /// Several parked threads, woken one release at a time: each release must wake the next,
  /// even though the thread that took the lock by waking cannot tell whether others still wait.
  @Test func everyParkedThreadIsEventuallyWoken() {
    let counter = Locked(0)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holderDone = startThread(named: "holder") {
      counter.withLock { _ in
        holding.signal()
        release.wait()
      }
    }
    waitOrFail(holding, "the holder to take the lock")
    let waiters = (0..<3).map { index in
      startThread(named: "waiter \(index)") {
        counter.withLock { $0 += 1 }
      }
    }
    #if !canImport(Darwin)
      #expect(waitUntil("all three waiters to park") { counter.parkedThreadCount == 3 })
    #endif
    release.signal()
    waitOrFail(holderDone, "the holder to finish")
    for done in waiters {
      waitOrFail(done, "every parked waiter to be woken")
    }
    #expect(counter.withLock { $0 } == 3)
  }
}
