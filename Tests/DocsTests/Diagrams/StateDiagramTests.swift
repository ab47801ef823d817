import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Diagrams of the replay rule: a property replays its current value to a late subscriber; an
// event stream replays nothing, and an event sent while nobody listens is dropped.

extension DiagramTests {
  @Test func replayOnSubscribe() throws {
    let scheduler = TestScheduler()
    let count = MutableProperty(0)
    let screen = Recorder(count.property, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(100))
    count.value = 1
    scheduler.advance(to: .milliseconds(200))
    let lateScreen = Recorder(count.property, scheduler: scheduler)  // gets 1 at once
    scheduler.advance(to: .milliseconds(300))
    count.value = 2

    try Self.expectDiagram(
      "replay-on-subscribe", Timeline(("screen", screen), ("late screen", lateScreen)))
  }

  @Test func eventNobodyHears() throws {
    let scheduler = TestScheduler()
    let dropped = EventSender<String>()
    let droppedLane = Recorder(dropped.stream, scheduler: scheduler)
    let toasts = EventSender<String>(onDrop: { dropped.send($0) })
    toasts.send("too early")  // nobody listens: dropped, not kept for later
    scheduler.advance(to: .milliseconds(100))
    let screen = Recorder(toasts.stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(200))
    toasts.send("on time")

    try Self.expectDiagram(
      "event-nobody-hears", Timeline(("screen", screen), ("dropped", droppedLane)))
  }
}
