import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `cancel()` releases the handler at once, even while the token is still held: a handler that
/// captures the object keeping its token (`self.token = x.sink { self … }`) is no cycle once
/// cancelled.
@Suite struct CancelReleasesHandlerTests {
  @Test func cancelReleasesTheHandlerWhileTheTokenStillExists() {
    let sender = EventSender<Int>()
    let owner = MutableProperty(0)
    weak var weakEventCapture: Tracked?
    weak var weakStateCapture: Tracked?
    let eventToken: SubscriptionToken
    let stateToken: SubscriptionToken
    do {
      let eventCapture = Tracked()
      let stateCapture = Tracked()
      weakEventCapture = eventCapture
      weakStateCapture = stateCapture
      eventToken = sender.stream.sink { _ in _ = eventCapture }
      stateToken = owner.property.sink { _ in _ = stateCapture }
    }
    #expect(weakEventCapture != nil)
    #expect(weakStateCapture != nil)
    eventToken.cancel()
    stateToken.cancel()
    #expect(weakEventCapture == nil)
    #expect(weakStateCapture == nil)
    withExtendedLifetime((eventToken, stateToken)) {}
  }

  @Test func cancelDuringADeliveryReleasesTheHandlerWhenTheRoundEnds() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    weak var weakCapture: Tracked?
    let victim = Slot<SubscriptionToken>()
    let killer = sender.stream.sink { _ in
      victim.value?.cancel()
      log.record("cancelled")
    }
    do {
      let capture = Tracked()
      weakCapture = capture
      victim.value = sender.stream.sink { _ in
        _ = capture
        log.record("victim called")
      }
    }
    sender.send(1)
    // Cancelled before its turn in the round: not called, and released once the round ended.
    #expect(log.values == ["cancelled"])
    #expect(weakCapture == nil)
    #expect(victim.value != nil)
    withExtendedLifetime(killer) {}
  }

  @Test func cancelledOperatorChainsReleaseEveryCapturedObject() {
    let owner = MutableProperty(1)
    let sender = EventSender<Int>()
    weak var weakCapture: Tracked?
    var tokens: [SubscriptionToken] = []
    do {
      let capture = Tracked()
      weakCapture = capture
      tokens.append(owner.property.map { $0 * 2 }.removeDuplicates().sink { _ in _ = capture })
      tokens.append(sender.stream.filter { $0 > 0 }.compactMap { $0 }.sink { _ in _ = capture })
      tokens.append(
        Property.combineLatest(owner.property, owner.property).receive(on: .inline).sink { _ in
          _ = capture
        })
    }
    for token in tokens {
      token.cancel()
    }
    #expect(weakCapture == nil)
    withExtendedLifetime(tokens) {}
  }
}
