import Signals
import SignalsTesting
import Testing

/// `SignalScheduler.now`: a view model reads its clock through the scheduler it was given, so a
/// countdown tested on a `TestScheduler` reads virtual time, never the wall clock.
@Suite struct SchedulerClockTests {
  @Test func aCountdownReadsTheVirtualClockOfTheSchedulerItWasGiven() {
    let scheduler = TestScheduler()
    let clock: any SignalScheduler = scheduler  // what a view model holds
    let deadline = clock.now + .seconds(10)
    let shown = Recorder<Duration>()
    let ticks = (1...3).map { second in
      clock.schedule(after: .seconds(second)) { shown.record(deadline - clock.now) }
    }
    scheduler.advance(by: .seconds(3))
    #expect(shown.values == [.seconds(9), .seconds(8), .seconds(7)])
    withExtendedLifetime(ticks) {}
  }

  @Test func theDispatchAndInlineClocksAreMonotonic() {
    for clock in [DispatchQueueScheduler.mainQueue as any SignalScheduler, InlineScheduler.inline] {
      let first = clock.now
      #expect(clock.now >= first)
      #expect(first > .zero)
    }
  }
}
