import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TestScheduler`, the virtual clock the other tests rely on.
@Suite struct TestSchedulerTests {
  private let scheduler = TestScheduler()
  private let log = Recorder<String>()

  /// Schedules an action that logs its name and the virtual time it ran at.
  private func schedule(_ name: String, after delay: Duration) -> SubscriptionToken {
    let scheduler = scheduler
    let log = log
    return scheduler.schedule(after: delay) { log.record("\(name)@\(scheduler.now)") }
  }

  @Test func clockStartsAtZeroAndMovesOnlyWhenAdvanced() {
    #expect(scheduler.now == .zero)
    scheduler.advance(by: .milliseconds(10))
    #expect(scheduler.now == .milliseconds(10))
    scheduler.advance(to: .milliseconds(25))
    #expect(scheduler.now == .milliseconds(25))
    scheduler.advance(to: .milliseconds(25))
    #expect(scheduler.now == .milliseconds(25))
  }

  @Test func workRunsByDueTimeThenBySchedulingOrderWithNowAtItsDueTime() {
    let tokens = [
      schedule("a", after: .milliseconds(20)),
      schedule("b", after: .milliseconds(10)),
      schedule("c", after: .milliseconds(10)),
      schedule("d", after: .zero),
    ]
    #expect(scheduler.pendingCount == 4)
    scheduler.advance(by: .milliseconds(20))
    #expect(
      log.values == [
        "d@\(Duration.zero)", "b@\(Duration.milliseconds(10))", "c@\(Duration.milliseconds(10))",
        "a@\(Duration.milliseconds(20))",
      ])
    #expect(scheduler.pendingCount == 0)
    _ = tokens
  }

  @Test func dueTimeBoundaryIsInclusive() {
    let token = schedule("a", after: .milliseconds(10))
    scheduler.advance(by: .milliseconds(9))
    #expect(log.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(log.values == ["a@\(Duration.milliseconds(10))"])
    _ = token
  }

  @Test func workScheduledDuringAnAdvanceRunsInItOnlyIfDueInsideTheWindow() {
    let scheduler = scheduler
    let log = log
    let nested = Slot<[SubscriptionToken]>([])
    let outer = scheduler.schedule(after: .milliseconds(10)) {
      log.record("outer@\(scheduler.now)")
      let inside = scheduler.schedule(after: .milliseconds(5)) {
        log.record("inside@\(scheduler.now)")
      }
      let outside = scheduler.schedule(after: .milliseconds(50)) {
        log.record("outside@\(scheduler.now)")
      }
      scheduler.schedule { log.record("immediate@\(scheduler.now)") }
      nested.value = [inside, outside]
    }
    scheduler.advance(by: .milliseconds(20))
    #expect(
      log.values == [
        "outer@\(Duration.milliseconds(10))",
        "immediate@\(Duration.milliseconds(10))",
        "inside@\(Duration.milliseconds(15))",
      ])
    #expect(scheduler.pendingCount == 1)
    #expect(scheduler.now == .milliseconds(20))
    scheduler.advance(by: .milliseconds(40))
    #expect(log.values.last == "outside@\(Duration.milliseconds(60))")
    _ = outer
  }

  @Test func scheduleWithoutDelayRunsOnTheNextAdvanceEvenByZero() {
    let log = log
    scheduler.schedule { log.record("ran") }
    #expect(log.values == [])
    #expect(scheduler.pendingCount == 1)
    scheduler.advance()
    #expect(log.values == ["ran"])
    #expect(scheduler.now == .zero)
  }

  @Test func cancelledWorkNeverRunsAndIsNotPending() {
    let cancelled = schedule("cancelled", after: .milliseconds(10))
    let kept = schedule("kept", after: .milliseconds(10))
    cancelled.cancel()
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(by: .seconds(1))
    #expect(log.values == ["kept@\(Duration.milliseconds(10))"])
    _ = kept
  }

  @Test func releasedTokenCancelsItsWork() {
    _ = schedule("released", after: .milliseconds(10))
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(log.values == [])
  }

  @Test func workCancelledByEarlierWorkInTheSameAdvanceNeverRuns() {
    let victim = Slot<SubscriptionToken>()
    let log = log
    let killer = scheduler.schedule(after: .milliseconds(10)) {
      log.record("killer")
      victim.value?.cancel()
    }
    victim.value = schedule("victim", after: .milliseconds(15))
    scheduler.advance(by: .milliseconds(20))
    #expect(log.values == ["killer"])
    _ = killer
  }

  @Test func advanceToRunsEverythingDueUpToAndIncludingTheInstant() {
    let tokens = [
      schedule("a", after: .milliseconds(10)),
      schedule("b", after: .milliseconds(30)),
      schedule("c", after: .milliseconds(31)),
    ]
    scheduler.advance(to: .milliseconds(30))
    #expect(log.values == ["a@\(Duration.milliseconds(10))", "b@\(Duration.milliseconds(30))"])
    #expect(scheduler.now == .milliseconds(30))
    #expect(scheduler.pendingCount == 1)
    _ = tokens
  }

  @Test func runExecutesEverythingIncludingRescheduledWork() {
    let scheduler = scheduler
    let log = log
    let chain = Slot<SubscriptionToken>()
    @Sendable func tick(_ remaining: Int) {
      log.record("tick@\(scheduler.now)")
      guard remaining > 0 else { return }
      chain.value = scheduler.schedule(after: .milliseconds(10)) { tick(remaining - 1) }
    }
    chain.value = scheduler.schedule(after: .milliseconds(10)) { tick(3) }
    scheduler.run()
    #expect(
      log.values == [10, 20, 30, 40].map { "tick@\(Duration.milliseconds($0))" })
    #expect(scheduler.now == .milliseconds(40))
    #expect(scheduler.pendingCount == 0)
  }
}

/// What `TestScheduler` decided for a discarded token and a negative delay (see its
/// documentation).
@Suite struct TestSchedulerEdgeTests {
  private let scheduler = TestScheduler()
  private let log = Recorder<String>()

  /// As on every `SignalScheduler`: the token is the action's lifetime.
  @Test func aDiscardedTokenDropsTheActionAtOnce() {
    let log = log
    _ = scheduler.schedule(after: .milliseconds(10)) { log.record("ran") }
    #expect(scheduler.pendingCount == 0)
    scheduler.advance(by: .milliseconds(10))
    #expect(log.values.isEmpty)
  }

  @Test func aNegativeDelayRunsOnTheNextAdvanceAtTheCurrentTime() {
    let log = log
    let scheduler = scheduler
    scheduler.advance(by: .milliseconds(5))
    let token = scheduler.schedule(after: .milliseconds(-3)) {
      log.record("ran@\(scheduler.now)")
    }
    #expect(log.values.isEmpty)
    scheduler.advance(by: .zero)
    #expect(log.values == ["ran@\(Duration.milliseconds(5))"])
    withExtendedLifetime(token) {}
  }
}
