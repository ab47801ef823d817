import Signals
import SignalsTestSupport
import SignalsTesting

extension Timeline {
  /// The documented example of `Timeline`, recorded on `scheduler`: a state lane (idle, loading
  /// at 300 ms, saved then editing at 800 ms) and a toast lane (Saved at 800 ms) cancelled at
  /// 1 s. TimelineTests draws this one run.
  static func documentedExample(on scheduler: TestScheduler) -> Timeline {
    let state = MutableProperty("idle")
    let toasts = EventSender<String>()
    let states = Recorder(state.property, scheduler: scheduler)
    let shown = Recorder(toasts.stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(300))
    state.value = "loading"
    scheduler.advance(to: .milliseconds(800))
    state.value = "saved"
    toasts.send("Saved")
    state.value = "editing"
    scheduler.advance(to: .seconds(1))
    shown.cancel()
    return Timeline(("state", states), ("toast", shown))
  }
}
