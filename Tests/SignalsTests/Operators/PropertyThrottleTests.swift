import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Property.throttle`: the current value at once, then at most one change per interval, the
/// latest, delivered when the interval ends on the scheduler's (virtual) clock.
@Suite struct PropertyThrottleTests {
  /// Sets `writes` (virtual milliseconds, value) on a property that starts at `"a"`, subscribed
  /// at time zero, and records the throttled output until `end`.
  private func throttled(
    _ writes: [(at: Int, value: String)], until end: Int = 2_000
  ) -> [TimedValue<String>] {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let recorder = Recorder(
      owner.property.throttle(for: .milliseconds(300), scheduler: scheduler),
      scheduler: scheduler)
    for write in writes {
      scheduler.advance(to: .milliseconds(write.at))
      owner.value = write.value
    }
    scheduler.advance(to: .milliseconds(end))
    return recorder.timedValues
  }

  @Test func theCurrentValueGoesOutAtOnceAndTheLatestChangeAtTheIntervalsEnd() {
    let output = throttled([(100, "b"), (200, "c"), (400, "d")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(300), "c"),
        TimedValue(.milliseconds(600), "d"),
      ])
  }

  @Test func aChangeAfterAQuietIntervalWaitsForTheEndOfItsOwnInterval() {
    let output = throttled([(700, "b"), (1_100, "c")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(1_000), "b"),
        TimedValue(.milliseconds(1_300), "c"),
      ])
  }

  @Test func underSustainedWritesEachDeliveryIsTheLatestValueAndTheLastIsNeverLost() {
    // Every 50 ms until 1000; an interval's end at t runs before the write at t.
    let writes = (1...20).map { (at: $0 * 50, value: "v\($0)") }
    let output = throttled(writes)
    #expect(
      output == [
        TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(300), "v5"),
        TimedValue(.milliseconds(600), "v11"), TimedValue(.milliseconds(900), "v17"),
        TimedValue(.milliseconds(1_200), "v20"),
      ])
  }

  @Test func aLateSubscriberReceivesTheCurrentValueAtOnce() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let throttled = owner.property.throttle(for: .milliseconds(300), scheduler: scheduler)
    let early = Recorder(throttled, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(100))
    owner.value = "b"  // held for the early subscriber until 300
    scheduler.advance(to: .milliseconds(150))
    let late = Recorder(throttled, scheduler: scheduler)
    #expect(throttled.value == "b", "value reads the source")
    #expect(late.timedValues == [TimedValue(.milliseconds(150), "b")])
    #expect(early.timedValues == [TimedValue(.milliseconds(0), "a")])
    scheduler.advance(to: .milliseconds(300))
    #expect(
      early.timedValues == [TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(300), "b")])
  }

  @Test func cancellingDropsTheHeldChangeAndThePendingIntervalEnd() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let recorder = Recorder(owner.property.throttle(for: .milliseconds(300), scheduler: scheduler))
    owner.value = "b"  // held
    recorder.cancel()
    #expect(scheduler.pendingCount == 0)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == ["a"])
  }
}
