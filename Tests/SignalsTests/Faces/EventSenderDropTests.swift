import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `EventSender(onDrop:)`: told about exactly the events nobody would receive when they were
/// sent, after the send, on the sending thread.
@Suite(.dedicatedThread) struct EventSenderDropTests {
  @Test func anEventSentWithNoSubscriberIsReported() {
    let dropped = Recorder<Int>()
    let sender = EventSender<Int> { dropped.record($0) }
    sender.send(1)
    #expect(dropped.values == [1])
  }

  @Test func anEventSentAfterTheLastTokenWasCancelledIsReported() {
    let dropped = Recorder<Int>()
    let sender = EventSender<Int> { dropped.record($0) }
    let token = sender.stream.sink { _ in }
    sender.send(1)
    token.cancel()
    sender.send(2)
    #expect(dropped.values == [2])
  }

  @Test func anEventWithOneSubscriberIsNotReported() {
    let dropped = Recorder<Int>()
    let received = Recorder<Int>()
    let sender = EventSender<Int> { dropped.record($0) }
    let token = sender.stream.sink { received.record($0) }
    sender.send(1)
    #expect(received.values == [1])
    #expect(dropped.values == [])
    token.cancel()
  }

  @Test func subscribersParkedDuringARoundCountAsTheyWillBe() {
    // Inside a handler (a round is running): the one subscriber cancels itself, then sends 2
    // (nobody will receive it); a new subscriber joins, then 3 is sent (it will receive it).
    let dropped = Recorder<Int>()
    let joinedReceived = Recorder<Int>()
    let sender = EventSender<Int> { dropped.record($0) }
    let own = Slot<SubscriptionToken>()
    let joined = Slot<SubscriptionToken>()
    own.value = sender.stream.sink { value in
      guard value == 1 else { return }
      own.value?.cancel()
      sender.send(2)
      joined.value = sender.stream.sink { joinedReceived.record($0) }
      sender.send(3)
    }
    sender.send(1)
    #expect(dropped.values == [2])
    #expect(joinedReceived.values == [3])
  }

  @Test func dropsFromManyThreadsAreEachReportedOnce() {
    let dropped = Counter()
    let sender = EventSender<Int> { _ in dropped.increment() }
    let threads = (0..<4).map { _ in
      startThread {
        for value in 0..<2_500 { sender.send(value) }
      }
    }
    for thread in threads {
      waitOrFail(thread, "a sending thread")
    }
    #expect(dropped.value == 10_000)
  }

  @Test func theObserverMaySendSubscribeAndCancel() {
    let sender = EventSender<String> { _ in }
    let echo = Slot<EventSender<String>>()
    let received = Recorder<String>()
    echo.value = EventSender<String> { value in
      // No lock is held here: sending, subscribing and cancelling all work.
      let token = sender.stream.sink { received.record($0) }
      sender.send("after dropping \(value)")
      token.cancel()
    }
    echo.value?.send("x")
    #expect(received.values == ["after dropping x"])
  }
}
