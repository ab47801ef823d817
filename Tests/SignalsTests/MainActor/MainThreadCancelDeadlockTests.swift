import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// The deadlock the review found, as a screen meets it: the main thread holds a
/// `receive(on: .mainActor)` subscription to a property; an unrelated subscriber's handler waits
/// for the main thread (`DispatchQueue.main.sync`); a background thread sets the property; and
/// the screen releases its bag on the main thread right then. When cancelling waited for the
/// whole delivery round, the main thread waited for a handler that waited for the main thread.
/// `cancel()` never waits now, so this completes, and the screen's handler gets nothing more.
@Suite(.dedicatedThread) struct MainThreadCancelDeadlockTests {
  @Test func releasingAScreensBagOnTheMainThreadWhileAnotherHandlerWaitsForItCompletes() async {
    let owner = MutableProperty(0)
    let screen = Recorder<Int>()
    let otherEntered = DispatchSemaphore(value: 0)
    let other = owner.property.sink { value in
      guard value == 1 else { return }
      otherEntered.signal()
      // An unrelated subscriber that needs the main thread: `DispatchQueue.main.sync {}`, with
      // a bound, so that a cancel that waits for this round fails the test instead of hanging.
      let mainRan = DispatchSemaphore(value: 0)
      DispatchQueue.main.async { mainRan.signal() }
      if mainRan.wait(timeout: .now() + hangGuard) == .timedOut {
        Issue.record("the main thread stayed blocked: cancelling waited for this handler")
      }
    }
    let setting = await MainActor.run {
      let bag = SubscriptionBag()
      owner.property.receive(on: .mainActor).sink { screen.record($0) }.store(in: bag)
      let setting = startThread { owner.value = 1 }
      // The round is now running on the background thread, held in the other handler, which
      // cannot get the main thread until this block returns.
      waitOrFail(otherEntered, "the other handler to start")
      bag.cancelAll()  // the screen goes away, on the main thread
      return setting
    }
    waitOrFail(setting, "the background set to finish (deadlock?)")
    await MainActor.run {}  // anything the relay had submitted to the main queue has run
    #expect(screen.values == [0], "the screen's handler ran after its bag was released")
    withExtendedLifetime(other) {}
  }
}
