import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `EventSender` / `EventStream`: one-off events with no replay.
@Suite struct EventStreamTests {
  @Test func lateSubscriberReceivesNoOldEvent() {
    let sender = EventSender<String>()
    let early = Recorder(sender.stream)
    sender.send("old")
    let late = Recorder(sender.stream)
    sender.send("new")
    #expect(early.values == ["old", "new"])
    #expect(late.values == ["new"])
  }

  @Test func eventSentWithNoSubscriberIsDropped() {
    let sender = EventSender<Int>()
    sender.send(1)
    let recorder = Recorder(sender.stream)
    #expect(recorder.values == [])
    sender.send(2)
    #expect(recorder.values == [2])

    recorder.cancel()
    sender.send(3)  // nobody listens again: dropped
    let next = Recorder(sender.stream)
    sender.send(4)
    #expect(recorder.values == [2])
    #expect(next.values == [4])
  }

  @Test func eventIsDeliveredBeforeSendReturnsWhenNothingElseIsDelivering() {
    let sender = EventSender<Int>()
    let received = Recorder<Int>()
    let token = sender.stream.sink { received.record($0) }
    sender.send(1)
    #expect(received.values == [1])
    token.cancel()
  }

  @Test func everySubscriberReceivesEveryEventInSubscriptionOrder() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let tokens = ["a", "b", "c"].map { subscribe($0, to: sender, log: log) }
    sender.send(1)
    sender.send(2)
    #expect(log.values == ["a1", "b1", "c1", "a2", "b2", "c2"])
    _ = tokens
  }

  @Test func subscriptionOrderSurvivesCancellationsAndNewSubscribers() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let a = subscribe("a", to: sender, log: log)
    let b = subscribe("b", to: sender, log: log)
    let c = subscribe("c", to: sender, log: log)
    b.cancel()
    let d = subscribe("d", to: sender, log: log)
    sender.send(1)
    #expect(log.values == ["a1", "c1", "d1"])
    _ = (a, c, d)
  }

  /// A subscriber named `name` that logs each value it receives as `"<name><value>"`.
  private func subscribe(
    _ name: String, to sender: EventSender<Int>, log: Recorder<String>
  ) -> SubscriptionToken {
    sender.stream.sink { log.record("\(name)\($0)") }
  }

  @Test func valuelessEventsAreDelivered() {
    let sender = EventSender<Void>()
    let count = Recorder<Int>()
    let token = sender.stream.sink { count.record(1) }
    sender.send()
    sender.send()
    #expect(count.values.count == 2)
    token.cancel()
  }

  @Test func neverSendsAnythingAndItsTokenIsHarmless() {
    let never = EventStream<Int>.never
    let recorder = Recorder(never)
    let mapped = Recorder(never.map { $0 * 2 })
    #expect(recorder.values == [])
    #expect(mapped.values == [])
    let token = never.sink { _ in Issue.record("never must not deliver") }
    token.cancel()
    token.cancel()
  }
}
