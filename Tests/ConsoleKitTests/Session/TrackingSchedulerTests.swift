import Signals
import SignalsTesting
import Synchronization
import Testing

@testable import ConsoleKit

@Suite struct TrackingSchedulerTests {
  /// Counts the change notifications.
  private final class Changes: Sendable {
    let count = Mutex(0)
    func record() { count.withLock { $0 += 1 } }
  }

  @Test func countsWorkUntilItRunsOrIsCancelled() {
    let base = TestScheduler()
    let changes = Changes()
    let scheduler = TrackingScheduler(base: base) { changes.record() }
    let ran = Recorder<String>()
    #expect(scheduler.isIdle)

    let first = scheduler.schedule(after: .milliseconds(300)) { ran.record("a") }
    let second = scheduler.schedule(after: .milliseconds(300)) { ran.record("b") }
    scheduler.schedule { ran.record("now") }
    #expect(!scheduler.isIdle)

    second.cancel()
    second.cancel()  // idempotent: counted once
    base.advance(by: .zero)
    #expect(ran.values == ["now"])
    #expect(!scheduler.isIdle)

    base.advance(by: .milliseconds(300))
    #expect(ran.values == ["now", "a"])
    #expect(scheduler.isIdle)
    first.cancel()  // after it ran: no effect on the count
    #expect(scheduler.isIdle)
    #expect(changes.count.withLock { $0 } == 6)  // three scheduled, three settled
  }
}
