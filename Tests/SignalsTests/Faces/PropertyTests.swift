import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `MutableProperty` / `Property`: state that always has a value and replays it to every new
/// subscriber.
@Suite struct PropertyTests {
  @Test func subscriberReceivesCurrentValueThenEveryChangeInOrder() {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property)
    #expect(recorder.values == [1])

    owner.value = 2
    owner.value = 3
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func currentValueIsDeliveredBeforeSinkReturns() {
    let owner = MutableProperty("idle")
    let received = Recorder<String>()
    let token = owner.property.sink { received.record($0) }
    #expect(received.values == ["idle"])
    token.cancel()
  }

  @Test func laterSubscriberStartsFromTheValueStoredWhenItSubscribes() {
    let owner = MutableProperty(1)
    let early = Recorder(owner.property)
    owner.value = 2
    let late = Recorder(owner.property)
    owner.value = 3
    #expect(early.values == [1, 2, 3])
    #expect(late.values == [2, 3])
  }

  @Test func handlerReadingTheValueSeesTheNewValue() {
    // didSet timing: the value is stored before it is delivered, so a handler reading `value`
    // (on the read-only face or on the owner) never sees the previous value.
    let owner = MutableProperty(0)
    let property = owner.property
    let seen = Recorder<[Int]>()
    let token = property.sink { delivered in
      seen.record([delivered, property.value, owner.value])
    }
    owner.value = 1
    owner.value = 2
    #expect(seen.values == [[0, 0, 0], [1, 1, 1], [2, 2, 2]])
    token.cancel()
  }

  @Test func everyWriteIsDeliveredEvenWhenEqualToTheCurrentValue() {
    let owner = MutableProperty(7)
    let recorder = Recorder(owner.property)
    owner.value = 7
    owner.value = 7
    owner.value = 8
    owner.value = 8
    #expect(recorder.values == [7, 7, 7, 8, 8])
  }

  @Test func valueIsReadableWithoutAnySubscriber() {
    let owner = MutableProperty("a")
    let property = owner.property
    #expect(property.value == "a")
    owner.value = "b"
    #expect(property.value == "b")
    #expect(owner.value == "b")
  }

  @Test func everySubscriberReceivesEveryChangeInSubscriptionOrder() {
    let owner = MutableProperty(0)
    let log = Recorder<String>()
    let first = owner.property.sink { log.record("first \($0)") }
    let second = owner.property.sink { log.record("second \($0)") }
    owner.value = 1
    #expect(log.values == ["first 0", "second 0", "first 1", "second 1"])
    first.cancel()
    second.cancel()
  }

  @Test func constantPropertyDeliversItsValueOnceToEachSubscriber() {
    let constant = Property(constant: 42)
    #expect(constant.value == 42)
    let first = Recorder(constant)
    let second = Recorder(constant)
    #expect(first.values == [42])
    #expect(second.values == [42])
    first.cancel()
    #expect(first.values == [42])
  }

  @Test func sinkWithOwnerPassesTheOwnerAndEachValue() {
    final class Screen: Sendable {
      let shown = Recorder<Int>()
    }
    let owner = MutableProperty(1)
    let screen = Screen()
    let token = owner.property.sink(with: screen) { screen, value in screen.shown.record(value) }
    owner.value = 2
    #expect(screen.shown.values == [1, 2])
    token.cancel()
  }

  @Test func readOnlyFaceHasNoSetter() {
    // `Property` is the read-only face of state. `owner.property.value = 1` does not compile
    // ("cannot assign to property: 'value' is a get-only property"), and because `Property` is
    // a struct, not a superclass of `MutableProperty`, it cannot be cast back to the owner. A
    // compile error cannot be asserted at run time, so this test uses the compiler's own record
    // of settability instead: a key path to a settable property is a `WritableKeyPath` (or a
    // `ReferenceWritableKeyPath` on a class); a key path to a get-only property is not.
    let faceValue: PartialKeyPath<Property<Int>> = \Property<Int>.value
    #expect(!(faceValue is WritableKeyPath<Property<Int>, Int>))

    let ownerValue: PartialKeyPath<MutableProperty<Int>> = \MutableProperty<Int>.value
    #expect(ownerValue is ReferenceWritableKeyPath<MutableProperty<Int>, Int>)

    // The face itself cannot be swapped out from under the owner either.
    let ownerFace: PartialKeyPath<MutableProperty<Int>> = \MutableProperty<Int>.property
    #expect(!(ownerFace is ReferenceWritableKeyPath<MutableProperty<Int>, Property<Int>>))
  }
}
