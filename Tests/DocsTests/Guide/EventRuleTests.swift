import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

private typealias CounterViewModel = GuideExample.CounterViewModel

// Rule: one-off events go on an `EventStream`. Nothing is replayed, and an event nobody hears is
// dropped.

extension GuideTests {
  @Suite struct EventRule {
    // snippet: event-dropped-test
    @Test func eventNobodyHearsIsDropped() {
      let toasts = EventSender<String>()
      toasts.send("too early")  // nobody is subscribed: dropped, not stored
      let screen = Recorder(toasts.stream)
      toasts.send("on time")
      #expect(screen.values == ["on time"])
    }
    // snippet-end

    @Test func everySubscriberHearsEachEventOnceInSendOrder() {
      let toasts = EventSender<String>()
      let screen = Recorder(toasts.stream)
      let analytics = Recorder(toasts.stream)
      toasts.send("Saved")
      toasts.send("Deleted")
      #expect(screen.values == ["Saved", "Deleted"])
      #expect(analytics.values == ["Saved", "Deleted"])
    }

    @MainActor @Test func counterEventReachesOnlyScreensBoundBeforeIt() {
      let viewModel = CounterViewModel()
      let early = Recorder(viewModel.events)
      for _ in 1...10 {
        viewModel.increment()
      }
      let late = Recorder(viewModel.events)
      #expect(early.values == ["Ten!"])
      #expect(late.values == [])
    }
  }
}
