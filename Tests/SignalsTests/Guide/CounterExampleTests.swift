import Signals
import SignalsConcurrency
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
  }
}
