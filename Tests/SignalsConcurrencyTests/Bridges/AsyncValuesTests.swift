import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `values`: properties and streams as `AsyncSequence`s for `for await` loops.
@Suite(.dedicatedThread) struct AsyncValuesTests {
  @Test func eventValuesBufferEveryEventSentBeforeIteration() async {
    let sender = EventSender<Int>()
    let values = sender.stream.values  // subscribes now
    for value in 1...5 { sender.send(value) }
    var received: [Int] = []
    for await value in values {
      received.append(value)
      if received.count == 5 { break }
    }
    #expect(received == [1, 2, 3, 4, 5])
  }

  @Test func eventValuesDropNothingSentFromAnotherThreadWhileIterating() async {
    let sender = EventSender<Int>()
    let values = sender.stream.values
    let count = 2_000
    let sending = startThread {
      for value in 0..<count { sender.send(value) }
    }
    var received: [Int] = []
    for await value in values {
      received.append(value)
      if received.count == count { break }
    }
    #expect(received == Array(0..<count))
    waitOrFail(sending, "the sending thread")
  }

  @Test func eventValuesDoNotIncludeEventsSentBeforeTheSequenceWasMade() async {
    let sender = EventSender<Int>()
    sender.send(0)
    let values = sender.stream.values
    sender.send(1)
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 1)
  }

  @Test func propertyValuesYieldTheCurrentValueFirstThenChanges() async {
    let owner = MutableProperty("a")
    var iterator = owner.property.values.makeAsyncIterator()
    #expect(await iterator.next() == "a")
    owner.value = "b"
    #expect(await iterator.next() == "b")
  }

  @Test func propertyValuesKeepOnlyTheNewestValueBetweenIterations() async {
    let owner = MutableProperty(1)
    var iterator = owner.property.values.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    owner.value = 2
    owner.value = 3
    owner.value = 4
    #expect(await iterator.next() == 4)
    owner.value = 5
    #expect(await iterator.next() == 5)
  }

  @Test func propertyValuesReplaceAnUnreadCurrentValueWithTheNewestOne() async {
    let owner = MutableProperty(1)
    let values = owner.property.values
    owner.value = 2
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 2)
  }

  @Test func breakingOutOfAnEventLoopCancelsTheSubscription() async {
    let sender = EventSender<Int>()
    let transforms = Counter()
    weak var weakCapture: Tracked?
    do {
      let capture = Tracked()
      weakCapture = capture
      let counted = sender.stream.map { value -> Int in
        _ = capture
        transforms.increment()
        return value
      }
      // The loop below subscribes when it starts; keep sending until the subscription exists.
      let sending = startThread {
        while transforms.value == 0 { sender.send(1) }
      }
      for await value in counted.values {
        #expect(value == 1)
        break
      }
      waitOrFail(sending, "the sending thread")
    }
    let before = transforms.value
    sender.send(2)
    #expect(transforms.value == before, "a send after the loop still reached the subscription")
    #expect(weakCapture == nil, "the loop's subscription kept its handler alive")
  }

  @Test func breakingOutOfAPropertyLoopCancelsTheSubscription() async {
    let owner = MutableProperty(0)
    let transforms = Counter()
    let doubled = owner.property.map { value -> Int in
      transforms.increment()
      return value * 2
    }
    for await value in doubled.values {
      #expect(value == 0)
      break
    }
    let before = transforms.value
    owner.value = 1
    #expect(transforms.value == before, "a change after the loop still reached the subscription")
  }

  @Test func droppingAnUniteratedSequenceCancelsTheSubscription() {
    let sender = EventSender<Int>()
    let transforms = Counter()
    do {
      let values = sender.stream.map { value -> Int in
        transforms.increment()
        return value
      }.values
      sender.send(1)
      _ = values
    }
    sender.send(2)
    #expect(transforms.value == 1)
  }
}
