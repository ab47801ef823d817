import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `combineLatest` of properties never holds a combination that never existed, and delivers
/// once per change of an owner: for diamonds (two paths from one owner), chains, fan-in, under
/// re-entrant sends and under concurrent senders. Combine and RxSwift deliver the glitches these
/// tests rule out (f of the new value beside g of the old).
@Suite(.dedicatedThread) struct GlitchFreeCombineTests {
  private struct Pair: Equatable, Sendable, CustomStringConvertible {
    let tens: Int
    let hundreds: Int
    init(_ tens: Int, _ hundreds: Int) {
      self.tens = tens
      self.hundreds = hundreds
    }
    var description: String { "(\(tens), \(hundreds))" }
  }

  @Test func aDiamondDeliversOneConsistentPairPerChange() {
    let owner = MutableProperty(1)
    let tens = owner.property.map { $0 * 10 }
    let hundreds = owner.property.map { $0 * 100 }
    let recorder = Recorder(Property.combineLatest(tens, hundreds).map { Pair($0, $1) })
    owner.value = 2
    owner.value = 3
    #expect(recorder.values == [Pair(10, 100), Pair(20, 200), Pair(30, 300)])
  }

  /// A source built with `Property(read:subscribe:)` has no version, so each of its
  /// notifications delivers; its replay on subscribing is not a notification: the current pair
  /// comes once (the fourth edition delivered it twice).
  @Test func aSourceWithoutAVersionDeliversTheCurrentPairOnce() {
    let owner = MutableProperty(1)
    let opaque = Property(read: { owner.value }, subscribe: { owner.property.sink($0) })
    let recorder = Recorder(Property.combineLatest(opaque, owner.property).map { Pair($0, $1) })
    #expect(recorder.values == [Pair(1, 1)])
  }

  @Test func aChainBesideItsOwnerStaysConsistent() {
    let owner = MutableProperty(1)
    let chained = owner.property.map { $0 * 10 }.map { $0 * 10 }
    let recorder = Recorder(Property.combineLatest(owner.property, chained).map { "\($0)/\($1)" })
    owner.value = 2
    #expect(recorder.values == ["1/100", "2/200"])
  }

  @Test func threeWaysFromOneOwnerDeliverOncePerChange() {
    let owner = MutableProperty(1)
    let combined = Property.combineLatest(
      owner.property, owner.property.map { $0 * 10 }, owner.property.map { $0 * 100 })
    let recorder = Recorder(combined.map { "\($0.0) \($0.1) \($0.2)" })
    owner.value = 2
    #expect(recorder.values == ["1 10 100", "2 20 200"])
  }

  @Test func fanInFromTwoOwnersDeliversEachChangeOnce() {
    let left = MutableProperty("a")
    let right = MutableProperty(1)
    let recorder = Recorder(
      Property.combineLatest(left.property, right.property).map { "\($0)\($1)" })
    left.value = "b"
    right.value = 2
    left.value = "c"
    #expect(recorder.values == ["a1", "b1", "b2", "c2"])
  }

  @Test func aPathThatFiltersARepeatStillLetsTheOtherPathDeliver() {
    let owner = MutableProperty(1)
    let parity = owner.property.map { $0 % 2 }.removeDuplicates()
    let recorder = Recorder(Property.combineLatest(parity, owner.property).map { "\($0):\($1)" })
    owner.value = 3  // parity unchanged: only the second path notifies
    owner.value = 4
    #expect(recorder.values == ["1:1", "1:3", "0:4"])
  }

  @Test func theCombinedValueIsReadAsOneSnapshot() {
    let owner = MutableProperty(1)
    let combined = Property.combineLatest(
      owner.property.map { $0 * 10 }, owner.property.map { $0 * 100 })
    owner.value = 7
    #expect(combined.value == (70, 700))
  }

  @Test func aChangeMadeInsideAHandlerIsDeliveredAsTheNewestPairOnce() {
    // The handler sets the owner to 10 when it sees 2. The value is stored at once and
    // delivered later; the combined subscriber receives (100, 1000) as soon as a notification
    // reads it, and nothing more when the queued change arrives: no pair is ever stale.
    let owner = MutableProperty(1)
    let combined = Property.combineLatest(
      owner.property.map { $0 * 10 }, owner.property.map { $0 * 100 })
    let seen = Recorder<String>()
    let token = combined.sink { pair in
      seen.record("\(pair.0)/\(pair.1)")
      if pair.0 == 20 { owner.value = 10 }
    }
    owner.value = 2
    #expect(seen.values == ["10/100", "20/200", "100/1000"])
    token.cancel()
  }

  /// A handler that writes both sources while a pair is delivered: each notification used to
  /// read and queue its pair at once, so every stale pair delivered later wrote both sources
  /// again, and the deliveries doubled (2,097,151 pairs to reach (20, 20)). A pair is read when
  /// it is delivered: the newest, once, and a notification that finds nothing newer delivers
  /// nothing.
  @Test func aHandlerWritingBothSourcesGetsEachNewestPairOnce() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let combined = Property.combineLatest(a.property, b.property)
    let seen = Recorder<Pair>()
    let token = combined.sink { pair in
      seen.record(Pair(pair.0, pair.1))
      if pair.0 < 20 && seen.values.count < 100 {  // the cap ends the old code's run soon
        a.value = pair.0 + 1
        b.value = pair.1 + 1
      }
    }
    #expect(seen.values == (0...20).map { Pair($0, $0) })
    token.cancel()
  }

  @Test func concurrentWritersNeverProduceAnInconsistentOrOlderPair() {
    let owner = MutableProperty(0)
    let combined = Property.combineLatest(
      owner.property.map { $0 * 10 }, owner.property.map { $0 * 100 })
    let pairs = Recorder<(Int, Int)>()
    let token = combined.sink { pairs.record($0) }
    let writers = (0..<4).map { _ in
      startThread {
        for _ in 0..<2_500 { owner.modify { $0 += 1 } }
      }
    }
    for writer in writers {
      waitOrFail(writer, "a writing thread")
    }
    let seen = pairs.values
    #expect(seen.allSatisfy { $0.1 == $0.0 * 10 }, "a pair that never existed")
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 < $1.0 }, "an older or repeated pair")
    #expect(seen.last.map { $0.0 } == 100_000)
    token.cancel()
  }

  @Test func acrossAReceiveOnHopThePairsStayConsistent() {
    let scheduler = TestScheduler()
    let owner = MutableProperty(1)
    let hopped = owner.property.receive(on: scheduler)
    let recorder = Recorder(
      Property.combineLatest(hopped, owner.property.map { $0 * 10 }).map { "\($0)/\($1)" })
    owner.value = 2  // the direct path delivers (2, 20) now; the hop's notification comes later
    scheduler.advance()
    #expect(recorder.values == ["1/10", "2/20"])
  }
}
