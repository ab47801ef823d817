import Signals
import Testing

/// Documented promises of Signals that the current core does not keep yet. Each test asserts the
/// promise inside `withKnownIssue`, so the suite passes today and this test starts failing
/// ("known issue was not recorded") the day the core is fixed: then delete the wrapper and move
/// the assertion next to its concept.
@Suite struct PendingBugTests {
  /// `Subscription` documents "Memory: cancelling releases the handler, and with it everything
  /// the handler captured." Today the token keeps its subscriber, and the subscriber keeps its
  /// handler, until the token itself is released: `cancel()` alone frees nothing, so a handler
  /// capturing the object that stores its token (`self.token = x.sink { self... }`) stays a
  /// retain cycle after `cancel()`.
  @Test func cancelReleasesTheHandlerWhileTheTokenStillExists() {
    let sender = EventSender<Int>()
    let owner = MutableProperty(0)
    weak var weakEventCapture: Tracked?
    weak var weakStateCapture: Tracked?
    let eventToken: Subscription
    let stateToken: Subscription
    do {
      let eventCapture = Tracked()
      let stateCapture = Tracked()
      weakEventCapture = eventCapture
      weakStateCapture = stateCapture
      eventToken = sender.stream.sink { _ in _ = eventCapture }
      stateToken = owner.property.sink { _ in _ = stateCapture }
    }
    eventToken.cancel()
    stateToken.cancel()
    withKnownIssue("Subscription.cancel() does not release the handler until the token goes") {
      #expect(weakEventCapture == nil)
      #expect(weakStateCapture == nil)
    }
    withExtendedLifetime((eventToken, stateToken)) {}
  }
}
