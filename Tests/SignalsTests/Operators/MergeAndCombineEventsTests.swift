import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `merge` and `combineLatest` of event streams.
@Suite struct MergeAndCombineEventsTests {
  @Test func mergeDeliversEveryEventOfEverySourceInArrivalOrder() {
    let taps = EventSender<String>()
    let swipes = EventSender<String>()
    let keys = EventSender<String>()
    let recorder = Recorder(EventStream.merge(taps.stream, swipes.stream, keys.stream))
    taps.send("tap")
    keys.send("key")
    swipes.send("swipe")
    taps.send("tap 2")
    #expect(recorder.values == ["tap", "key", "swipe", "tap 2"])
  }

  @Test func mergeKeepsFifoOrderForAnEventSentFromInsideAHandler() {
    let left = EventSender<String>()
    let right = EventSender<String>()
    let merged = EventStream.merge(left.stream, right.stream)
    let seen = Recorder<String>()
    let token = merged.sink { value in
      seen.record(value)
      if value == "left" { right.send("right, sent inside") }
    }
    left.send("left")
    left.send("left again")
    #expect(seen.values == ["left", "right, sent inside", "left again"])
    token.cancel()
  }

  @Test func cancellingAMergeEndsEverySourceSubscription() {
    let left = EventSender<Int>()
    let right = EventSender<Int>()
    let recorder = Recorder(EventStream.merge(left.stream, right.stream))
    left.send(1)
    recorder.cancel()
    left.send(2)
    right.send(3)
    #expect(recorder.values == [1])
  }

  @Test func combineLatestOfEventsWaitsForBothThenPairsEachEventWithTheOthersLatest() {
    let names = EventSender<String>()
    let ages = EventSender<Int>()
    let recorder = Recorder(
      EventStream.combineLatest(names.stream, ages.stream).map { "\($0)/\($1)" })
    names.send("a")  // nothing yet: no age
    ages.send(1)
    ages.send(2)
    names.send("b")
    #expect(recorder.values == ["a/1", "a/2", "b/2"])
  }

  @Test func combineLatestOfThreeEventStreams() {
    let a = EventSender<Int>()
    let b = EventSender<Int>()
    let c = EventSender<Int>()
    let recorder = Recorder(
      EventStream.combineLatest(a.stream, b.stream, c.stream).map { "\($0)\($1)\($2)" })
    a.send(1)
    b.send(2)
    c.send(3)
    a.send(4)
    #expect(recorder.values == ["123", "423"])
  }

  @Test func combineLatestOfFourProperties() {
    let a = MutableProperty(1)
    let b = MutableProperty(2)
    let c = MutableProperty(3)
    let d = MutableProperty(4)
    let combined = Property.combineLatest(a.property, b.property, c.property, d.property)
    let recorder = Recorder(combined.map { "\($0)\($1)\($2)\($3)" })
    d.value = 5
    a.value = 6
    #expect(recorder.values == ["1234", "1235", "6235"])
  }
}
