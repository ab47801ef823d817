import Dispatch
import Foundation
import SignalsTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body(index)` on `count` dedicated threads that start together, and returns when all
/// have finished, without blocking the caller's thread (Swift concurrency threads are few).
///
/// When it returns, no thread holds `body` any more: each thread takes it out of its slot and
/// releases it before it signals. (A `Thread` keeps its block until the thread has exited,
/// which can be after the signal: a leak check right after this call then saw what `body`
/// captured still alive, about once in twenty runs.)
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let group = DispatchGroup()
  let startGate = DispatchSemaphore(value: 0)
  for index in 0..<count {
    group.enter()
    let slot = Slot(body)
    let thread = Thread {
      startGate.wait()
      if let body = slot.take() {
        body(index)
      }  // `body` is released here, before the signal
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count {
    startGate.signal()
  }
  await withCheckedContinuation { continuation in
    group.notify(queue: .global()) { continuation.resume() }
  }
}

/// Waits, boundedly, for something another thread will do: checks `condition` in a tight loop
/// and, every 64 checks, yields the core (this machine may have fewer cores than threads).
/// Not a sleep: nothing waits on the clock, and the bound only caps a wait whose other side
/// has finished. Returns whether `condition` became true.
@discardableResult
func waitBriefly(checks: Int = 64_000, until condition: () -> Bool) -> Bool {
  for check in 0..<checks {
    if condition() { return true }
    if check % 64 == 63 { sched_yield() }
  }
  return condition()
}

/// Keeps the optimizer from deleting a busy loop.
@inline(never)
func blackHole(_ value: Int) {
  _ = value
}
