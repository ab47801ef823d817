import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// The design rule the library teaches: state replays its current value to a late subscriber,
/// an event does not.
@Suite struct StateVersusEventTests {
  @Test func lateSubscriberGetsCurrentStateButNoOldEvent() {
    let state = MutableProperty("idle")
    let toasts = EventSender<String>()

    // Work happens before anyone binds.
    state.value = "loading"
    toasts.send("Saved")
    state.value = "loaded"

    // A screen binds late.
    let shownState = Recorder(state.property)
    let shownToasts = Recorder(toasts.stream)
    #expect(shownState.values == ["loaded"])
    #expect(shownToasts.values == [])

    // From now on both see what happens.
    state.value = "refreshing"
    toasts.send("Refreshed")
    #expect(shownState.values == ["loaded", "refreshing"])
    #expect(shownToasts.values == ["Refreshed"])
  }
}
