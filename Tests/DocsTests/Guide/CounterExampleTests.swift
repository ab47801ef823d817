import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

private typealias CounterViewModel = GuideExample.CounterViewModel

extension GuideTests {
  @Suite struct CounterExample {
    // snippet: counter-test
    @MainActor @Test func incrementPublishesCountsAndOneEvent() {
      let viewModel = CounterViewModel()
      let counts = Recorder(viewModel.count)
      let events = Recorder(viewModel.events)
      for _ in 1...10 {
        viewModel.increment()
      }
      #expect(counts.values == Array(0...10))
      #expect(events.values == ["Ten!"])
    }
    // snippet-end

    @MainActor @Test func theScreenDrawsTheCountAtOnceAndShowsTheToastOnce() {
      let viewModel = CounterViewModel()
      let screen = GuideExample.CounterScreen(viewModel: viewModel)
      screen.bind()
      #expect(screen.labels == ["Count: 0"])  // the current state, drawn before bind() returns
      for _ in 1...10 {
        viewModel.increment()
      }
      #expect(screen.labels.last == "Count: 10")
      #expect(screen.toasts == ["Ten!"])
    }
  }
}
