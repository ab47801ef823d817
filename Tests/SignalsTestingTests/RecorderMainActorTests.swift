import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Recorder` of the main-actor faces a screen binds (`receive(on: .mainActor)`): values are
/// recorded on the main actor, at once when they arrive on the main thread with nothing queued,
/// later (awaitable) when they come from another thread.
@Suite(.timeLimit(.minutes(5))) @MainActor struct RecorderMainActorTests {
  @Test func aMainActorPropertyIsRecordedFromItsCurrentValueAtOnceOnTheMainThread() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property.receive(on: .mainActor))
    #expect(recorder.values == [1], "the current value, before init returns")
    owner.value = 2
    #expect(recorder.values == [1, 2])
    #expect(Timeline(("state", recorder)).description == "ms     |0\nstate  ^(1 2)====")
  }

  @Test func aMainActorEventStreamRecordsEventsSentOnTheMainThreadAtOnce() {
    let sender = EventSender<String>()
    let recorder = Recorder(sender.stream.receive(on: .mainActor))
    sender.send("a")
    #expect(recorder.values == ["a"])
    #expect(Timeline(("events", recorder)).description == "ms      |0\nevents  ^a----")
  }

  @Test func valuesFromAnotherThreadAreRecordedOnTheMainActorAndCanBeAwaited() async throws {
    let owner = MutableProperty(0)
    let sender = EventSender<Int>()
    let states = Recorder(owner.property.receive(on: .mainActor))
    let events = Recorder(sender.stream.receive(on: .mainActor))
    await Task.detached {
      owner.value = 1
      sender.send(7)
    }.value
    await settle()
    #expect(states.values == [0, 1])
    #expect(events.values == [7])
  }

  @Test func cancellingStopsRecording() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.receive(on: .mainActor))
    sender.send(1)
    recorder.cancel()
    sender.send(2)
    #expect(recorder.values == [1])
  }

  @Test func virtualTimeStampsTheMainActorArrival() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let recorder = Recorder(owner.property.receive(on: .mainActor), scheduler: scheduler)
    scheduler.advance(by: .milliseconds(300))
    owner.value = "b"
    #expect(recorder.timedValues == [TimedValue(.zero, "a"), TimedValue(.milliseconds(300), "b")])
  }
}
