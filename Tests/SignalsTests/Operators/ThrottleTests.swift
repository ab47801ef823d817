import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `throttle`: the first event after a quiet period at once, then at most one per interval, on
/// virtual time.
@Suite struct ThrottleTests {
  /// Sends `events` (virtual milliseconds, value) and records the throttled output.
  private func throttled(
    _ events: [(at: Int, value: String)], latest: Bool = true, until end: Int = 2_000
  ) -> [TimedValue<String>] {
    let scheduler = TestScheduler()
    let sender = EventSender<String>()
    let recorder = Recorder(
      sender.stream.throttle(for: .milliseconds(300), scheduler: scheduler, latest: latest),
      scheduler: scheduler)
    for event in events {
      scheduler.advance(to: .milliseconds(event.at))
      sender.send(event.value)
    }
    scheduler.advance(to: .milliseconds(end))
    return recorder.timedValues
  }

  @Test func theFirstEventGoesOutAtOnceAndTheLatestOfTheIntervalAtItsEnd() {
    let output = throttled([(0, "a"), (100, "b"), (200, "c"), (400, "d")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(300), "c"),
        TimedValue(.milliseconds(600), "d"),
      ])
  }

  @Test func withLatestFalseTheFirstHeldEventGoesOut() {
    let output = throttled([(0, "a"), (100, "b"), (200, "c")], latest: false)
    #expect(output == [TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(300), "b")])
  }

  @Test func anIntervalThatHeldNothingEndsTheThrottling() {
    let output = throttled([(0, "a"), (700, "b"), (800, "c")])
    #expect(
      output == [
        TimedValue(.milliseconds(0), "a"), TimedValue(.milliseconds(700), "b"),
        TimedValue(.milliseconds(1000), "c"),
      ])
  }

  @Test func cancellingDropsTheHeldEvent() {
    let scheduler = TestScheduler()
    let sender = EventSender<String>()
    let recorder = Recorder(
      sender.stream.throttle(for: .milliseconds(300), scheduler: scheduler))
    sender.send("a")
    sender.send("b")  // held
    recorder.cancel()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == ["a"])
    #expect(scheduler.pendingCount == 0)
  }
}
