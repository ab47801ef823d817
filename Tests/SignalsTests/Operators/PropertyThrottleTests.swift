import Signals
import SignalsTesting
import Testing

/// `Property.throttle`: the current value at once, then at most one value per interval, the
/// latest, on virtual time; the last value received is the stored one.
@Suite struct PropertyThrottleTests {
  /// Writes `writes` (virtual milliseconds, value) to a property holding "start" and records
  /// the throttled property from time zero.
  private func throttled(_ writes: [(at: Int, value: String)]) -> [TimedValue<String>] {
    let scheduler = TestScheduler()
    let owner = MutableProperty("start")
    let recorder = Recorder(
      owner.property.throttle(for: .milliseconds(300), scheduler: scheduler),
      scheduler: scheduler)
    for write in writes {
      scheduler.advance(to: .milliseconds(write.at))
      owner.value = write.value
    }
    scheduler.advance(to: .milliseconds(2_000))
    return recorder.timedValues
  }

  @Test func theCurrentValueGoesOutAtOnceAndChangesDuringItsIntervalAtItsEndTheLatestOnly() {
    let output = throttled([(100, "a"), (200, "b"), (500, "c")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "start"), TimedValue(.milliseconds(300), "b"),
        TimedValue(.milliseconds(600), "c"),
      ])
  }

  @Test func afterAQuietIntervalTheNextChangeGoesOutAtOnce() {
    let output = throttled([(700, "a"), (800, "b")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "start"), TimedValue(.milliseconds(700), "a"),
        TimedValue(.milliseconds(1000), "b"),
      ])
  }

  @Test func theLastValueReceivedIsTheStoredValue() {
    let scheduler = TestScheduler()
    let owner = MutableProperty(0)
    let throttled = owner.property.throttle(for: .milliseconds(300), scheduler: scheduler)
    let recorder = Recorder(throttled, scheduler: scheduler)
    for value in 1...50 {
      scheduler.advance(by: .milliseconds(7))
      owner.value = value
    }
    #expect(throttled.value == 50)  // read straight from the owner
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.last == 50)
    #expect(recorder.values.count < 10)
  }

  @Test func cancellingDropsTheHeldValue() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("start")
    let recorder = Recorder(
      owner.property.throttle(for: .milliseconds(300), scheduler: scheduler),
      scheduler: scheduler)
    owner.value = "held"
    recorder.cancel()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == ["start"])
    #expect(scheduler.pendingCount == 0)
  }
}
