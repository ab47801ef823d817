import Signals
import SignalsTestSupport
import Testing

/// The example README.md opens with: a view model and the `bind()` of the screen that shows it.
enum ReadmeExample {
  // snippet: readme-view-model
  @MainActor final class CounterViewModel {
    private let countOwner = MutableProperty(0)  // state: what the screen shows now
    private let toasts = EventSender<String>()  // events: things that happen once
    var count: Property<Int> { countOwner.property }
    var events: EventStream<String> { toasts.stream }

    func increment() {
      countOwner.value += 1
      if countOwner.value == 10 { toasts.send("Ten!") }
    }
  }
  // snippet-end

  /// A screen without a UI framework: what it draws and shows is recorded.
  @MainActor final class CounterScreen {
    private let viewModel: CounterViewModel
    private let bag = SubscriptionBag()
    private(set) var label = ""
    private(set) var shownToasts: [String] = []

    init(viewModel: CounterViewModel) {
      self.viewModel = viewModel
    }

    func showToast(_ message: String) {
      shownToasts.append(message)
    }

    // snippet: readme-bind
    /// Every subscription in one place: main-actor delivery, the screen held weakly, one bag.
    func bind() {
      viewModel.count.receive(on: .mainActor)
        .sink(with: self) { screen, count in screen.label = "Count: \(count)" }
        .store(in: bag)
      viewModel.events.receive(on: .mainActor)
        .sink(with: self) { screen, message in screen.showToast(message) }
        .store(in: bag)
    }
    // snippet-end
  }
}

extension GuideTests {
  /// README.md's example does what README.md says.
  @Suite struct ReadmeExampleTests {
    @MainActor @Test func theReadmeScreenDrawsTheCountAndShowsTheToastOnce() {
      let viewModel = ReadmeExample.CounterViewModel()
      let screen = ReadmeExample.CounterScreen(viewModel: viewModel)
      screen.bind()
      #expect(screen.label == "Count: 0")  // the current state, drawn at once
      for _ in 1...10 { viewModel.increment() }
      #expect(screen.label == "Count: 10")
      #expect(screen.shownToasts == ["Ten!"])
    }
  }
}
