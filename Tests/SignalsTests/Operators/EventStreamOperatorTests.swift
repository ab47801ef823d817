import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `map`, `filter`, `compactMap` and `removeDuplicates` on `EventStream`.
@Suite struct EventStreamOperatorTests {
  @Test func mapTransformsEveryEvent() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.map { "#\($0)" })
    sender.send(1)
    sender.send(2)
    #expect(recorder.values == ["#1", "#2"])
  }

  @Test func filterKeepsOnlyIncludedEventsInOrder() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.filter { $0.isMultiple(of: 2) })
    for value in 1...6 { sender.send(value) }
    #expect(recorder.values == [2, 4, 6])
  }

  @Test func compactMapSkipsEventsTransformedToNil() {
    let sender = EventSender<String>()
    let recorder = Recorder(sender.stream.compactMap { Int($0) })
    for text in ["1", "x", "2", "", "3"] { sender.send(text) }
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func removeDuplicatesSkipsConsecutiveRepeatsOnly() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.removeDuplicates())
    for value in [1, 1, 2, 2, 2, 1, 3, 3] { sender.send(value) }
    #expect(recorder.values == [1, 2, 1, 3])
  }

  @Test func removeDuplicatesByComparesWithTheLastEventThisSubscriberReceived() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.removeDuplicates { abs($0 - $1) < 3 })
    for value in [0, 2, 4, 5, 9] { sender.send(value) }
    // 2 is close to 0 (skipped); 4 is compared with 0, not 2, so it is delivered; 5 is close
    // to 4 (skipped); 9 is far from 4.
    #expect(recorder.values == [0, 4, 9])
  }

  @Test func removeDuplicatesAlwaysDeliversTheFirstEventEachSubscriberSees() {
    let sender = EventSender<Int>()
    let distinct = sender.stream.removeDuplicates()
    let early = Recorder(distinct)
    sender.send(1)
    let late = Recorder(distinct)
    sender.send(1)
    sender.send(2)
    #expect(early.values == [1, 2])
    #expect(late.values == [1, 2])
  }

  @Test func operatorsChainAndRunPerSubscriber() {
    let sender = EventSender<Int>()
    let transforms = Counter()
    let chained = sender.stream
      .filter { $0 > 0 }
      .map { value -> Int in
        transforms.increment()
        return value * 10
      }
      .removeDuplicates()
    let first = Recorder(chained)
    let second = Recorder(chained)
    for value in [-1, 1, 1, 2] { sender.send(value) }
    #expect(first.values == [10, 20])
    #expect(second.values == [10, 20])
    // Three positive events, two subscribers: the transform ran once per subscriber per event.
    #expect(transforms.value == 6)
  }
}
