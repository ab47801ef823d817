import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// A `deinit` is user code, so Signals never releases a value, a handler or anything a handler
/// captured while it holds a lock. Each test makes such a `deinit` call back into the same
/// stream: if it ran under the stream's lock, the (non-recursive) lock would deadlock.
@Suite struct NoDeinitUnderLockTests {
  @Test func aReplacedPropertyValueIsReleasedOutsideTheLock() {
    let owner = MutableProperty<OnDeinit?>(nil)
    let seen = Recorder<String>()
    owner.value = OnDeinit {
      // Reads the property from the deinit of the value it is replacing.
      seen.record(owner.value == nil ? "replaced by nil" : "replaced by a value")
    }
    owner.value = nil
    #expect(seen.values == ["replaced by nil"])
  }

  @Test func aHandlerReleasedAtARoundBoundaryIsReleasedOutsideTheLock() {
    let owner = MutableProperty(0)
    let seen = Recorder<Int>()
    let holder = Slot<SubscriptionToken>()
    let first = owner.property.sink { value in
      guard value == 1 else { return }
      let guardObject = OnDeinit { seen.record(owner.value) }
      holder.value = owner.property.sink { [guardObject] value in
        _ = guardObject
        // Releases its own token during the round: the subscriber is retired at the boundary,
        // and `guardObject`'s deinit reads the property.
        if value == 2 { _ = holder.take() }
      }
      owner.value = 2
    }
    owner.value = 1
    #expect(seen.values == [2])
    withExtendedLifetime(first) {}
  }

  @Test func aCancelledHandlerIsReleasedOutsideTheLock() {
    let sender = EventSender<Int>()
    let seen = Recorder<String>()
    let token: SubscriptionToken
    do {
      let guardObject = OnDeinit {
        // Subscribing from the deinit takes the stream's lock.
        let probe = sender.stream.sink { _ in }
        probe.cancel()
        seen.record("deinit ran outside the lock")
      }
      token = sender.stream.sink { [guardObject] _ in _ = guardObject }
    }
    token.cancel()
    #expect(seen.values == ["deinit ran outside the lock"])
  }

  @Test func aValueDisplacedInsideCombineLatestIsReleasedOutsideItsLocks() {
    let first = MutableProperty<OnDeinit?>(nil)
    let second = MutableProperty(0)
    let seen = Recorder<Int>()
    let token = Property.combineLatest(first.property, second.property).sink { pair in
      seen.record(pair.1)
    }
    // The deinit sets the other source, whose delivery sends a new pair through the combined
    // subscription: under the combined subscription's lock, that would deadlock.
    first.value = OnDeinit { second.value = 1 }
    first.value = nil
    // A displaced value is released once its write has been delivered: (nil, 0) goes out
    // first, then the deinit's write of the other source delivers (nil, 1).
    #expect(seen.values == [0, 0, 0, 1])
    withExtendedLifetime(token) {}
  }
}
