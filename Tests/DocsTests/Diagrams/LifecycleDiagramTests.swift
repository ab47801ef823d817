import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Two diagrams of a screen's life: its bind/unbind lifecycle (a list that binds when it appears
// and unbinds when it is covered), and the acknowledgment of an outcome that must not be lost.

extension DiagramTests {
  /// A list screen that rebinds on appear. It binds at 0 and loads; a refresh fails at 200 and
  /// the bound screen shows the toast; at 300 the detail covers the list, which unbinds (`!`);
  /// a refresh failing under the detail at 400 is dropped: the list still shows its data and
  /// the user can refresh again. Back at 500 the list binds again: the state is replayed, no
  /// old toast is.
  @Test func bindUnbindLifecycle() throws {
    let scheduler = TestScheduler()
    let state = MutableProperty("idle")
    let dropped = EventSender<String>()
    let droppedLane = Recorder(dropped.stream, scheduler: scheduler)
    let toasts = EventSender<String>(onDrop: { dropped.send($0) })

    // viewDidLoad: bind (the bag's two subscriptions), then load.
    var boundState = Recorder(state.property, scheduler: scheduler)
    var boundEvents = Recorder(toasts.stream, scheduler: scheduler)
    let firstState = boundState
    let firstEvents = boundEvents
    scheduler.advance(to: .milliseconds(100))
    state.value = "loaded"
    scheduler.advance(to: .milliseconds(200))
    toasts.send("toast")  // a refresh failed while the list is on screen
    scheduler.advance(to: .milliseconds(300))
    boundState.cancel()  // the detail covers the list: the bag is emptied
    boundEvents.cancel()
    scheduler.advance(to: .milliseconds(400))
    toasts.send("toast")  // a refresh failed under the detail: nobody listens
    scheduler.advance(to: .milliseconds(500))
    boundState = Recorder(state.property, scheduler: scheduler)  // Back: bind again
    boundEvents = Recorder(toasts.stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(600))

    #expect(boundState.values == ["loaded"])
    #expect(boundEvents.values.isEmpty)
    try Self.expectDiagram(
      "bind-unbind-lifecycle",
      Timeline(
        ("bind 1: state", firstState), ("bind 1: events", firstEvents),
        ("bind 2: state", boundState), ("bind 2: events", boundEvents),
        ("dropped", droppedLane)))
  }

  /// A payment finishes at 100 with no screen bound: as state it is kept, as an event it is
  /// dropped. A screen binds at 200 and shows it; the user dismisses it at 300 and the screen
  /// acknowledges it (`messageShown`), so the view model lets it go; a screen rebuilt at 400
  /// shows nothing.
  @MainActor @Test func acknowledgment() throws {
    let scheduler = TestScheduler()
    let viewModel = PaymentViewModel()
    let kept = Recorder(viewModel.messages.map(Self.describe), scheduler: scheduler)
    let dropped = EventSender<String>()
    let droppedLane = Recorder(dropped.stream, scheduler: scheduler)
    let asEvent = EventSender<String>(onDrop: { dropped.send($0) })

    scheduler.advance(to: .milliseconds(100))
    viewModel.paymentFinished("paid")
    asEvent.send("paid")
    scheduler.advance(to: .milliseconds(200))
    let screen = PaymentScreen(viewModel: viewModel)
    screen.bind()
    let drawn = Recorder(viewModel.messages.map { $0.first?.text ?? "none" }, scheduler: scheduler)
    let eventScreen = Recorder(asEvent.stream, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(300))
    screen.dismiss()  // the user closed the message: acknowledged
    screen.unbind()
    drawn.cancel()
    eventScreen.cancel()
    scheduler.advance(to: .milliseconds(400))
    let rebuilt = PaymentScreen(viewModel: viewModel)
    rebuilt.bind()
    let drawnAgain = Recorder(
      viewModel.messages.map { $0.first?.text ?? "none" }, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(500))

    #expect(screen.shown == ["paid"])
    #expect(rebuilt.shown.isEmpty)
    try Self.expectDiagram(
      "acknowledgment",
      Timeline(
        ("kept (state)", kept), ("screen", drawn), ("rebuilt screen", drawnAgain),
        ("as an event", eventScreen), ("dropped", droppedLane)))
  }

  private static func describe(_ messages: [PaymentViewModel.Message]) -> String {
    messages.isEmpty ? "none" : messages.map(\.text).joined(separator: ",")
  }
}
