import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

private typealias CounterViewModel = GuideExample.CounterViewModel
private typealias CounterScreen = GuideExample.CounterScreen

// Rule: one `bind()` per screen collects every subscription in one `SubscriptionBag`. The bag
// ends them all when the screen goes away; a token nobody keeps ends at once; and calling
// `bind()` twice subscribes twice.

extension GuideTests {
  @Suite struct BindRule {
    @MainActor @Test func bindRendersCurrentStateThenChangesAndEvents() {
      let viewModel = CounterViewModel()
      let screen = CounterScreen(viewModel: viewModel)
      screen.bind()
      for _ in 1...10 {
        viewModel.increment()
      }
      #expect(screen.labels == (0...10).map { "Count: \($0)" })
      #expect(screen.toasts == ["Ten!"])
    }

    // snippet: bag-release-test
    @Test func releasingTheBagEndsEverySubscription() {
      let count = MutableProperty(0)
      let toasts = EventSender<String>()
      let seen = Recorder<String>()
      do {
        let bag = SubscriptionBag()
        count.property.sink { seen.record("count \($0)") }.store(in: bag)
        toasts.stream.sink { seen.record("toast \($0)") }.store(in: bag)
        count.value = 1
        toasts.send("Saved")
      }  // the screen, and with it its bag, is released
      count.value = 2
      toasts.send("Deleted")
      #expect(seen.values == ["count 0", "count 1", "toast Saved"])
    }
    // snippet-end

    // snippet: dropped-token-test
    @Test func droppedTokenEndsDeliveryAtOnce() {
      let count = MutableProperty(0)
      let seen = Recorder<String>()
      _ = count.property.sink { seen.record("count \($0)") }  // token not kept
      count.value = 1
      #expect(seen.values == ["count 0"])  // only the value delivered inside `sink`
    }
    // snippet-end

    // snippet: bind-twice-test
    @MainActor @Test func bindingTwiceDeliversEverythingTwice() {
      let viewModel = CounterViewModel()
      let screen = CounterScreen(viewModel: viewModel)
      screen.bind()
      screen.bind()  // again, say from an "appear" callback, without emptying the bag first
      viewModel.increment()
      #expect(screen.labels == ["Count: 0", "Count: 0", "Count: 1", "Count: 1"])
    }
    // snippet-end
  }
}
