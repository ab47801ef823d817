import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: a one-off toast kept in state. A `Property` replays its current value to every
// new subscriber, so a screen that binds again shows the old toast again.

// snippet: toast-in-state-wrong
/// WRONG: a one-off message stored as state.
private final class ToastInStateViewModel_Wrong: Sendable {
  private let toastOwner = MutableProperty<String?>(nil)
  var toast: Property<String?> { toastOwner.property }

  func save() {
    toastOwner.value = "Saved"
  }
}
// snippet-end

// snippet: toast-as-event
/// RIGHT: the message is an event; a screen that binds later does not hear it.
private final class ToastAsEventViewModel: Sendable {
  private let toasts = EventSender<String>()
  var toast: EventStream<String> { toasts.stream }

  func save() {
    toasts.send("Saved")
  }
}
// snippet-end

extension GuideTests {
  @Suite struct ToastInState {
    // snippet: toast-in-state-test
    @Test func toastInStateReappearsForLateSubscriber() {
      let viewModel = ToastInStateViewModel_Wrong()
      let firstScreen = Recorder(viewModel.toast)
      viewModel.save()
      firstScreen.cancel()  // the screen goes away (covered, or its scene disconnected)
      let secondScreen = Recorder(viewModel.toast)  // and a new one binds
      #expect(firstScreen.values == [nil, "Saved"])
      #expect(secondScreen.values == ["Saved"])  // the bug: "Saved" is shown a second time
    }
    // snippet-end

    // snippet: toast-as-event-test
    @Test func toastAsEventIsShownOnce() {
      let viewModel = ToastAsEventViewModel()
      let firstScreen = Recorder(viewModel.toast)
      viewModel.save()
      firstScreen.cancel()
      let secondScreen = Recorder(viewModel.toast)
      #expect(firstScreen.values == ["Saved"])
      #expect(secondScreen.values == [])  // fixed: the new screen starts clean
    }
    // snippet-end
  }
}
