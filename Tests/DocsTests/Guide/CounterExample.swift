import Signals
import SignalsTestSupport

extension GuideExample {
  // snippet: counter-view-model
  /// A view model: it owns the writable halves and exposes only the read-only faces.
  @MainActor
  final class CounterViewModel {
    private let countOwner = MutableProperty(0)
    private let messages = EventSender<String>()

    /// What the screen shows now.
    var count: Property<Int> { countOwner.property }
    /// Things that happen once.
    var events: EventStream<String> { messages.stream }

    func increment() {
      countOwner.value += 1
      if countOwner.value == 10 {
        messages.send("Ten!")
      }
    }
  }
  // snippet-end

  // snippet: counter-screen
  /// A screen: one `bind()` collects every subscription in one bag.
  @MainActor
  final class CounterScreen {
    private let viewModel: CounterViewModel
    private let bag = SubscriptionBag()
    /// Every text the label showed, and every toast shown, in order.
    private(set) var labels: [String] = []
    private(set) var toasts: [String] = []

    init(viewModel: CounterViewModel) {
      self.viewModel = viewModel
    }

    // snippet: counter-bind
    func bind() {
      viewModel.count.receive(on: .mainActor)
        .sink(with: self) { screen, count in screen.labels.append("Count: \(count)") }
        .store(in: bag)
      viewModel.events.receive(on: .mainActor)
        .sink(with: self) { screen, message in screen.toasts.append(message) }
        .store(in: bag)
    }
    // snippet-end
  }
  // snippet-end
}
