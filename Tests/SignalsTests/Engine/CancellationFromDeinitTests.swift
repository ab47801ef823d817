import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `cancel()` may run from any `deinit`, including one triggered from inside a handler: the
/// common shape is a screen (or its bag) released while a value is being delivered.
@Suite struct CancellationFromDeinitTests {
  /// Holds a token and cancels it when it goes away, like a screen that owns its subscription.
  private final class TokenOwner: Sendable {
    let token: SubscriptionToken

    init(_ token: SubscriptionToken) {
      self.token = token
    }

    deinit {
      token.cancel()
    }
  }

  @Test func objectReleasedInsideAHandlerCancelsAnotherSubscriberFromItsDeinit() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let screen = Slot<TokenOwner>()
    let releaser = sender.stream.sink { value in
      log.record("releaser \(value)")
      if value == 1 { _ = screen.take() }  // deinit runs here, inside this handler
    }
    screen.value = TokenOwner(sender.stream.sink { log.record("screen \($0)") })
    sender.send(1)
    sender.send(2)
    // The screen subscribed after the releaser, so 1 was still in flight for it: dropped.
    #expect(log.values == ["releaser 1", "releaser 2"])
    releaser.cancel()
  }

  @Test func objectReleasedInsideItsOwnHandlerCancelsItselfFromItsDeinit() {
    let owner = MutableProperty(0)
    let log = Recorder<String>()
    let screen = Slot<TokenOwner>()
    screen.value = TokenOwner(
      owner.property.sink { value in
        log.record("screen \(value)")
        if value == 1 {
          owner.value = 2  // queued behind this delivery
          _ = screen.take()
        }
      })
    let bystander = Recorder(owner.property)
    owner.value = 1
    owner.value = 3
    #expect(log.values == ["screen 0", "screen 1"])
    #expect(bystander.values == [0, 1, 2, 3])
  }

  @Test func bagReleasedInsideAHandlerCancelsEverythingItHeld() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let bag = Slot<SubscriptionBag>(SubscriptionBag())
    if let held = bag.value {
      sender.stream.sink { value in
        log.record("a \(value)")
        if value == 1 { _ = bag.take() }
      }.store(in: held)
      sender.stream.sink { log.record("b \($0)") }.store(in: held)
    }
    sender.send(1)
    sender.send(2)
    #expect(log.values == ["a 1"])
  }
}
