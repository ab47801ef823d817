import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Locked`, the lock behind every Signals type: mutual exclusion under contention, and a thread
/// that finds the lock held kept out until the holder releases it.
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

  /// A thread that asks for the lock while another holds it gets in only after the release:
  /// the holder adds 1 before it lets go, the waiter multiplies by 10 and adds 2, so 12 says the
  /// waiter came after the holder (2 or 3 would say it got in while the lock was held).
  @Test func aThreadThatFindsTheLockHeldGetsInOnlyAfterTheRelease() {
    let value = Locked(0)
    let holder = LockHolder(holding: value)
    let waiterDone = startThread(named: "waiter") {
      value.withLock { $0 = $0 * 10 + 2 }
    }
    holder.release()
    waitOrFail(waiterDone, "the waiter to get the lock after the release")
    #expect(value.withLock { $0 } == 12)
  }
}

/// A thread that takes a lock and holds it, blocked inside `withLock` (library code never
/// blocks there; this test does, so that another thread asks for the lock while it is held),
/// until ``release()``. It adds 1 to the counter before letting go.
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
