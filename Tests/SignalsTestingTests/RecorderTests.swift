import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Recorder`, the emission-sequence probe the other tests rely on.
@Suite struct RecorderTests {
  @Test func recordsAPropertysCurrentValueThenItsChanges() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property)
    owner.value = 2
    owner.value = 3
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func recordsEventsSentAfterItWasCreated() {
    let sender = EventSender<String>()
    sender.send("before")
    let recorder = Recorder(sender.stream)
    #expect(recorder.values == [])
    sender.send("a")
    sender.send("b")
    #expect(recorder.values == ["a", "b"])
  }

  @Test func aRecorderTheTestsHandlersWriteToKeepsTheOrderAcrossHandlers() {
    let scheduler = TestScheduler()
    let sender = EventSender<Int>()
    let calls = Recorder<String>(scheduler: scheduler)
    let first = sender.stream.sink { calls.record("first \($0)") }
    let second = sender.stream.sink { calls.record("second \($0)") }
    sender.send(1)
    first.cancel()
    scheduler.advance(by: .seconds(1))
    sender.send(2)
    #expect(calls.values == ["first 1", "second 1", "second 2"])
    #expect(calls.timedValues.map(\.time) == [.zero, .zero, .seconds(1)])
    #expect(
      Timeline(("calls", calls)).description == """
        ms     |0                  |1000
        calls  ^(first 1 second 1)-second 2----
        """, "drawn as events")
    second.cancel()
  }

  @Test func stampsEachValueWithTheVirtualTimeItArrived() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let recorder = Recorder(owner.property, scheduler: scheduler)
    scheduler.advance(by: .milliseconds(10))
    owner.value = "b"
    scheduler.advance(to: .seconds(2))
    owner.value = "c"
    #expect(
      recorder.timedValues == [
        TimedValue(.zero, "a"), TimedValue(.milliseconds(10), "b"), TimedValue(.seconds(2), "c"),
      ])
  }

  @Test func withoutASchedulerEveryTimeIsZero() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream)
    sender.send(1)
    #expect(recorder.timedValues == [TimedValue(.zero, 1)])
  }

  @Test func cancelStopsRecordingAndKeepsWhatWasRecorded() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property)
    owner.value = 2
    recorder.cancel()
    owner.value = 3
    recorder.cancel()
    #expect(recorder.values == [1, 2])
  }

  /// Whether a recorder records state or events, when it started and when it was first
  /// cancelled are what its timeline lane draws.
  @Test func stampsItsKindItsStartAndItsFirstCancellationWithVirtualTime() {
    let scheduler = TestScheduler()
    let state = Recorder(MutableProperty(0).property, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(40))
    let events = Recorder(EventSender<Int>().stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(70))
    events.cancel()
    scheduler.advance(to: .milliseconds(90))
    events.cancel()
    #expect(
      Timeline(("state", state), ("events", events)).description == """
        ms      |0 |40 |70
        state   ^0============
        events     ^---!
        """)
  }

  @Test func releasingTheRecorderEndsItsSubscription() {
    let owner = MutableProperty(0)
    let transforms = Counter()
    var recorder: Recorder<Int>? = Recorder(
      owner.property.map { value -> Int in
        transforms.increment()
        return value
      })
    owner.value = 1
    #expect(recorder?.values == [0, 1])
    #expect(transforms.value == 2)
    recorder = nil
    owner.value = 2
    #expect(transforms.value == 2, "the subscription outlived its recorder")
  }
}
