import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Diagrams of delivery timing: a handler that reads the model during delivery (willSet versus
// didSet), and a send made from inside a handler (nested at once versus queued).

/// WRONG, as in anti-pattern 8.2: a send from inside a handler is delivered at once, nested in
/// the current delivery. Thread-safe only so that an `EventStream` can wrap it for a recorder.
private final class NestingBroadcaster_Wrong: Sendable {
  /// The handlers by subscription number, so that a token can remove its own.
  private let handlers = Locked<(next: Int, byNumber: [Int: @Sendable (String) -> Void])>(
    (0, [:]))

  var stream: EventStream<String> {
    EventStream { [handlers] handler in
      let number = handlers.withLock { state in
        defer { state.next += 1 }
        state.byNumber[state.next] = handler
        return state.next
      }
      return SubscriptionToken { handlers.withLock { $0.byNumber[number] = nil } }
    }
  }

  func send(_ value: String) {
    let current = handlers.withLock { $0.byNumber.sorted { $0.key < $1.key }.map(\.value) }
    for handler in current {
      handler(value)
    }
  }
}

extension DiagramTests {
  @Test func willSetVersusDidSet() throws {
    let scheduler = TestScheduler()
    let received = EventSender<Int>()
    let readWillSet = EventSender<Int>()
    let readDidSet = EventSender<Int>()
    let lanes = (
      Recorder(received.stream, scheduler: scheduler),
      Recorder(readWillSet.stream, scheduler: scheduler),
      Recorder(readDidSet.stream, scheduler: scheduler)
    )
    let willSetCount = WillSetPublisher_Wrong(0)  // anti-pattern 8.1's wrong model
    willSetCount.sink { [unowned willSetCount] value in
      received.send(value)
      readWillSet.send(willSetCount.value)  // what the model holds while the handler runs
    }
    let didSetCount = MutableProperty(0)
    let token = didSetCount.property.sink { _ in readDidSet.send(didSetCount.value) }
    for value in [1, 2] {
      scheduler.advance(to: .milliseconds(100 * value))
      willSetCount.value = value
      didSetCount.value = value
    }
    token.cancel()

    try Self.expectDiagram(
      "willset-didset",
      Timeline(
        ("handler gets", lanes.0), ("model (willSet)", lanes.1), ("model (didSet)", lanes.2)))
  }

  @Test func reentrantQueueing() throws {
    let scheduler = TestScheduler()
    let nesting = NestingBroadcaster_Wrong()
    let queueing = EventSender<String>()
    let nestedFirst = Recorder(nesting.stream, scheduler: scheduler)
    let nestedReaction = nesting.stream.sink { event in
      if event == "login" { nesting.send("welcome") }  // reacts by sending again
    }
    let nestedSecond = Recorder(nesting.stream, scheduler: scheduler)
    let queuedFirst = Recorder(queueing.stream, scheduler: scheduler)
    let queuedReaction = queueing.stream.sink { event in
      if event == "login" { queueing.send("welcome") }  // queued behind "login"
    }
    let queuedSecond = Recorder(queueing.stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(100))
    nesting.send("login")
    queueing.send("login")
    nestedReaction.cancel()
    queuedReaction.cancel()

    try Self.expectDiagram(
      "reentrant-queueing",
      Timeline(
        ("nested: first", nestedFirst), ("nested: second", nestedSecond),
        ("queued: first", queuedFirst), ("queued: second", queuedSecond)))
  }
}
