import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Property.combineLatest(a, b, …)` and `EventStream.combineLatest(a, b, …)` for two to six
/// sources (and beyond).
@Suite(.timeLimit(.minutes(5)))
struct CombineManyTests {
  @Test func sixPropertiesCombineCurrentFirstThenOncePerChange() {
    let a = MutableProperty(1)
    let b = MutableProperty("b")
    let c = MutableProperty(true)
    let d = MutableProperty(4.0)
    let e = MutableProperty<Int?>(nil)
    let f = MutableProperty([6])
    let combined = Property.combineLatest(
      a.property, b.property, c.property, d.property, e.property, f.property)
    let recorder = Recorder(
      combined.map { "\($0.0) \($0.1) \($0.2) \($0.3) \(String(describing: $0.4)) \($0.5)" })

    a.value = 10
    e.value = 5
    f.value = []

    #expect(
      recorder.values == [
        "1 b true 4.0 nil [6]", "10 b true 4.0 nil [6]", "10 b true 4.0 Optional(5) [6]",
        "10 b true 4.0 Optional(5) []",
      ])
    #expect(combined.value.0 == 10 && combined.value.5.isEmpty)
  }

  @Test func twoToFivePropertiesHaveTheSameShape() {
    let owner = MutableProperty(1)
    let p = owner.property
    let two = Recorder(Property.combineLatest(p, p).map { $0.0 + $0.1 })
    let three = Recorder(Property.combineLatest(p, p, p).map { $0.0 + $0.1 + $0.2 })
    let four = Recorder(Property.combineLatest(p, p, p, p).map { $0.0 + $0.3 })
    let five = Recorder(Property.combineLatest(p, p, p, p, p).map { $0.4 })
    owner.value = 2

    #expect(two.values == [2, 4])
    #expect(three.values == [3, 6])
    #expect(four.values == [2, 4])
    #expect(five.values == [1, 2])
  }

  /// Glitch-free: six views of one owner change together; no mix of old and new is delivered.
  @Test func sixDerivedViewsOfOneOwnerNeverGlitch() {
    let owner = MutableProperty(1)
    let views = (1...6).map { factor in owner.property.map { $0 * factor } }
    let combined = Property.combineLatest(
      views[0], views[1], views[2], views[3], views[4], views[5])
    let recorder = Recorder(combined.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] })
    owner.value = 2
    owner.value = 3

    #expect(recorder.values == [1, 2, 3].map { n in (1...6).map { $0 * n } })
  }

  @Test func sixStreamsCombineTheLatestEventsOnceAllHaveSent() {
    let senders = (0..<5).map { _ in EventSender<Int>() }
    let names = EventSender<String>()
    let combined = EventStream.combineLatest(
      senders[0].stream, senders[1].stream, senders[2].stream, senders[3].stream,
      senders[4].stream, names.stream)
    let recorder = Recorder(combined.map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)" })

    for (index, sender) in senders.enumerated() { sender.send(index) }
    #expect(recorder.values.isEmpty)  // one source has not sent yet
    names.send("x")
    senders[2].send(9)
    names.send("y")

    #expect(recorder.values == ["01234x", "01934x", "01934y"])
  }

  @Test func cancellingEndsEverySourceSubscription() {
    let a = EventSender<Int>()
    let b = EventSender<Int>()
    let c = EventSender<Int>()
    let recorder = Recorder(EventStream.combineLatest(a.stream, b.stream, c.stream).map { $0.0 })
    a.send(1)
    recorder.cancel()
    b.send(2)
    c.send(3)

    a.send(4)

    #expect(recorder.values.isEmpty)
  }
}
