import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

private typealias CounterViewModel = GuideExample.CounterViewModel

// Rule: state is exposed read-only, as a `Property`, and a new subscriber gets the current value
// first (the replay rule).

extension GuideTests {
  @Suite struct StateRule {
    // snippet: state-replay-test
    @MainActor @Test func lateSubscriberGetsCurrentValueThenChanges() {
      let viewModel = CounterViewModel()
      viewModel.increment()
      let lateScreen = Recorder(viewModel.count)  // binds after the change
      viewModel.increment()
      #expect(lateScreen.values == [1, 2])  // the current value first, then every change
    }
    // snippet-end

    @MainActor @Test func exposedStateIsNotTheWritableOwner() {
      let viewModel = CounterViewModel()
      let exposed: Any = viewModel.count
      // `Property` is a separate read-only type, not a superclass of the owner: there is
      // nothing to cast back to.
      #expect(exposed as? MutableProperty<Int> == nil)
      #expect(viewModel.count.value == 0)
    }
  }
}
