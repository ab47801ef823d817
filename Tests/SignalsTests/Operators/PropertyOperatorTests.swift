import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `map`, `removeDuplicates`, `combineLatest` and `changes` on `Property`.
@Suite struct PropertyOperatorTests {
  // MARK: removeDuplicates

  @Test func removeDuplicatesSkipsRepeatsButAlwaysDeliversTheCurrentValueFirst() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property.removeDuplicates())
    owner.value = 1
    owner.value = 2
    owner.value = 2
    owner.value = 3
    owner.value = 1
    #expect(recorder.values == [1, 2, 3, 1])
  }

  @Test func removeDuplicatesComparesWithTheLastValueThisSubscriberReceived() {
    // "Close enough" counts as a duplicate. 2 is skipped, so 4 is compared with 0 (the last
    // value received), not with 2 (the last value seen), and is delivered.
    let owner = MutableProperty(0)
    let recorder = Recorder(owner.property.removeDuplicates { abs($0 - $1) < 3 })
    owner.value = 2
    owner.value = 4
    owner.value = 5
    #expect(recorder.values == [0, 4])
  }

  @Test func removeDuplicatesKeepsSeparateMemoryPerSubscriber() {
    let owner = MutableProperty(1)
    let distinct = owner.property.removeDuplicates()
    let early = Recorder(distinct)
    owner.value = 2
    let late = Recorder(distinct)
    owner.value = 2
    owner.value = 3
    #expect(early.values == [1, 2, 3])
    #expect(late.values == [2, 3])
    #expect(distinct.value == 3)
  }

  // MARK: map

  @Test func mapTransformsTheCurrentValueAndEveryChange() {
    let owner = MutableProperty(1)
    let doubled = owner.property.map { $0 * 2 }
    #expect(doubled.value == 2)
    let recorder = Recorder(doubled)
    owner.value = 5
    owner.value = 5
    #expect(recorder.values == [2, 10, 10])
    #expect(doubled.value == 10)
  }

  @Test func mapValueFollowsTheSourceWithoutSubscribers() {
    let owner = MutableProperty("a")
    let shouted = owner.property.map { $0.uppercased() }
    owner.value = "b"
    #expect(shouted.value == "B")
  }

  @Test func mapRunsItsTransformPerSubscriber() {
    let owner = MutableProperty(1)
    let calls = Counter()
    let mapped = owner.property.map { value in
      calls.increment()
      return value
    }
    let first = Recorder(mapped)
    let second = Recorder(mapped)
    owner.value = 2
    #expect(first.values == [1, 2])
    #expect(second.values == [1, 2])
    #expect(calls.value == 4)
  }

  // MARK: combineLatest

  @Test func combineLatestDeliversTheInitialPairThenAPairPerChangeOfEitherSide() {
    let count = MutableProperty(1)
    let name = MutableProperty("x")
    let combined = Property.combineLatest(count.property, name.property)
    let recorder = Recorder(combined.map { "\($0.0)\($0.1)" })
    #expect(recorder.values == ["1x"])

    count.value = 2
    name.value = "y"
    name.value = "z"
    count.value = 3
    #expect(recorder.values == ["1x", "2x", "2y", "2z", "3z"])
    #expect(combined.value.0 == 3)
    #expect(combined.value.1 == "z")
  }

  @Test func combineLatestValueIsThePairOfCurrentValuesWithoutSubscribers() {
    let left = MutableProperty(1)
    let right = MutableProperty(10)
    let sum = Property.combineLatest(left.property, right.property).map { $0 + $1 }
    #expect(sum.value == 11)
    right.value = 20
    #expect(sum.value == 21)
  }

  @Test func combineLatestThenMapDeliversTransformedPairs() {
    let left = MutableProperty(1)
    let right = MutableProperty(10)
    let recorder = Recorder(Property.combineLatest(left.property, right.property).map { $0 + $1 })
    left.value = 2
    right.value = 30
    #expect(recorder.values == [11, 12, 32])
  }

  @Test func combineLatestLastPairIsAlwaysThePairOfTheLastValues() {
    // A change made from inside a handler of the combined property is queued behind the current
    // pair, so the subscriber's last pair matches the sources.
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    let combined = Property.combineLatest(left.property, right.property).map { [$0, $1] }
    let recorder = Recorder(combined)
    let token = combined.sink { pair in
      if pair == [1, 0] { right.value = 1 }
    }
    left.value = 1
    #expect(recorder.values == [[0, 0], [1, 0], [1, 1]])
    #expect(recorder.values.last == combined.value)
    token.cancel()
  }

  // MARK: changes

  @Test func changesExcludesTheCurrentValueAndDeliversEveryLaterWrite() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property.changes)
    #expect(recorder.values == [])
    owner.value = 2
    owner.value = 2
    owner.value = 3
    #expect(recorder.values == [2, 2, 3])
  }

  @Test func changesOfALaterSubscriberStartAfterItSubscribed() {
    let owner = MutableProperty(1)
    let changes = owner.property.changes
    let early = Recorder(changes)
    owner.value = 2
    let late = Recorder(changes)
    owner.value = 3
    #expect(early.values == [2, 3])
    #expect(late.values == [3])
  }

  @Test func changesOfAConstantPropertyNeverFire() {
    let recorder = Recorder(Property(constant: 5).changes)
    #expect(recorder.values == [])
  }

  /// `removeDuplicates(by:)` compares with the last value the subscriber *received from it*
  /// (delivered), as RxSwift does, not with the last value that arrived from upstream (as
  /// Combine does). The two differ only for a predicate that is not an equivalence, such as
  /// "close enough": under Combine's rule a value drifting in small steps never shows.
  @Test func removeDuplicatesComparesWithTheLastDeliveredValueNotTheLastArrived() {
    let owner = MutableProperty(0)
    let recorder = Recorder(owner.property.removeDuplicates { abs($0 - $1) < 2 })
    for value in 1...4 {
      owner.value = value
    }
    #expect(recorder.values == [0, 2, 4])  // last-arrived comparison would give [0]
  }
}
