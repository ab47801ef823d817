import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// Leaks found by the reliability work, fixed since; each test pins its fix.
@Suite struct FixedLeakReliabilityTests {
  /// `SubscriptionToken` promises: "Memory: cancelling releases the handler, and with it everything
  /// the handler captured." A cancelled token that is still held used to keep its handler
  /// alive; retiring the subscriber now releases it.
  @Test func cancellingReleasesTheHandlerWhileTheTokenIsStillHeld() {
    let tracker = LeakTracker()
    let owner = MutableProperty(0)
    let token = Self.subscribeCapturingProbe(owner.property, tracker: tracker)
    token.cancel()
    #expect(!tracker.isAlive("handler"), "cancel() returned, the handler should be released")
    withExtendedLifetime(token) {}
  }

  /// A `receive(on:)` relay with a delivery job pending holds its scheduler strongly, and the
  /// scheduler holds the job, which holds the relay: until the job runs, the relay and the
  /// values queued in it stay alive after every token and owner is gone, and a scheduler that
  /// never runs its queue (a `TestScheduler` a test drops, a stopped run loop) leaked itself
  /// with them. Fixed: the relay does not hold its scheduler (the producer passes it with each
  /// value), and cancelling the relay's last subscriber drops the deliveries queued for it, so
  /// the pending job holds only the empty relay, until it runs or is dropped.
  @Test func aPendingReceiveOnJobDoesNotKeepTheReleasedRelayAlive() {
    let tracker = LeakTracker()
    let scheduler = TestScheduler()
    do {
      let owner = MutableProperty(tracker.payload(1))
      let token = owner.property.receive(on: scheduler).sink { _ in }
      owner.value = tracker.payload(2)
      token.cancel()
    }
    #expect(tracker.aliveLabels() == [], "nothing refers to the relay but the pending job")
    scheduler.advance()  // the job finds nothing queued, and lets the relay go
    #expect(tracker.aliveLabels() == [])
  }

  private static func subscribeCapturingProbe(_ property: Property<Int>, tracker: LeakTracker)
    -> SubscriptionToken
  {
    let probe = tracker.track(HandlerProbe(), "handler")
    return property.sink { _ in withExtendedLifetime(probe) {} }
  }
}
