import Dispatch
import SignalsTestSupport
import Testing

@testable import SignalsTesting

/// `.dedicatedThread` moves a blocking test off the concurrency pool: its body, what it awaits
/// and its child tasks run on threads of their own, so a blocked body leaves the pool free.
@Suite(.timeLimit(.minutes(5)))
struct DedicatedThreadTraitTests {
  @Test(.dedicatedThread) func aSynchronousTestRunsOnADedicatedThread() {
    #expect(DedicatedThreadExecutor.isCurrent)
  }

  @Test(.dedicatedThread) func anAsyncTestResumesOnADedicatedThreadAndSoDoItsChildTasks() async {
    await Task.yield()
    #expect(DedicatedThreadExecutor.isCurrent)
    async let child = DedicatedThreadExecutor.isCurrent
    #expect(await child)
  }

  @Test func withoutTheTraitATestRunsOnThePool() {
    #expect(!DedicatedThreadExecutor.isCurrent)
  }

  /// The body blocks until a task on the pool has run: were the body itself on the pool, and
  /// the pool full of such bodies, that task could never start.
  @Test(.dedicatedThread, arguments: 0..<8)
  func blockedBodiesLeaveThePoolFree(_ body: Int) {
    let ran = DispatchSemaphore(value: 0)
    Task.detached { ran.signal() }
    #expect(ran.wait(timeout: .now() + .seconds(120)) == .success, "a pool task to run")
  }
}
