import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `SubscriptionToken`: the cancellation token every `sink` returns.
@Suite struct SubscriptionTests {
  @Test func cancelStopsDeliveryAndIsIdempotent() {
    let sender = EventSender<Int>()
    let received = Recorder<Int>()
    let token = sender.stream.sink { received.record($0) }
    sender.send(1)
    token.cancel()
    token.cancel()
    sender.send(2)
    token.cancel()
    #expect(received.values == [1])
  }

  @Test func releasingTheTokenStopsDelivery() {
    let owner = MutableProperty(0)
    let received = Recorder<Int>()
    var token: SubscriptionToken? = owner.property.sink { received.record($0) }
    owner.value = 1
    #expect(token != nil)
    token = nil
    owner.value = 2
    #expect(received.values == [0, 1])
  }

  @Test func tokenStoredInABagLivesUntilTheBagIsEmptied() {
    let sender = EventSender<Int>()
    let received = Recorder<Int>()
    let bag = SubscriptionBag()
    sender.stream.sink { received.record($0) }.store(in: bag)
    sender.send(1)
    bag.cancelAll()
    sender.send(2)
    #expect(received.values == [1])
  }

  @Test func tokensAreEqualOnlyToThemselves() {
    let sender = EventSender<Int>()
    let first = sender.stream.sink { _ in }
    let second = sender.stream.sink { _ in }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, first, second]).count == 2)
  }

  @Test func onCancelRunsExactlyOnceWhenCancelledThenReleased() {
    let runs = Counter()
    var token: SubscriptionToken? = SubscriptionToken { runs.increment() }
    #expect(runs.value == 0)
    token?.cancel()
    #expect(runs.value == 1)
    token?.cancel()
    token = nil
    #expect(runs.value == 1)
  }

  @Test func onCancelRunsExactlyOnceWhenOnlyReleased() {
    let runs = Counter()
    var token: SubscriptionToken? = SubscriptionToken { runs.increment() }
    #expect(token != nil)
    token = nil
    #expect(runs.value == 1)
  }

  @Test func onCancelMayCancelItsOwnTokenAgainWithoutDeadlock() {
    // `onCancel` runs with no lock held, so a re-entrant cancel is just a no-op.
    let runs = Counter()
    let slot = Slot<SubscriptionToken>()
    slot.value = SubscriptionToken {
      runs.increment()
      slot.value?.cancel()
    }
    slot.value?.cancel()
    #expect(runs.value == 1)
    _ = slot.take()
    #expect(runs.value == 1)
  }

  @Test func onCancelOfAReleasedTokenRunsOnTheReleasingPath() {
    let log = Recorder<String>()
    do {
      let token = SubscriptionToken { log.record("cancelled") }
      log.record("holding")
      _ = token
    }
    log.record("after scope")
    #expect(log.values == ["holding", "cancelled", "after scope"])
  }
}
