import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: "open the detail screen" kept as a Bool in state. After the user goes back, the
// flag is still `true`, so the list screen opens the detail again as soon as it binds again.

/// A navigation stack that records every push, standing in for a navigation controller.
private final class FakeNavigator: Sendable {
  private let log = Recorder<String>()

  /// Every screen pushed, in order.
  var pushed: [String] { log.values }

  func push(_ screen: String) {
    log.record(screen)
  }
}

// snippet: sticky-navigation-wrong
/// WRONG: a navigation request stored as state.
private final class StickyNavigationViewModel_Wrong: Sendable {
  private let showDetailOwner = MutableProperty(false)
  var showDetail: Property<Bool> { showDetailOwner.property }

  func rowTapped() {
    showDetailOwner.value = true
  }
}

/// Binds while it is visible, like a screen that subscribes on appear.
private final class ListScreen_Wrong: Sendable {
  let viewModel: StickyNavigationViewModel_Wrong
  let navigator: FakeNavigator
  private let bag = SubscriptionBag()

  init(viewModel: StickyNavigationViewModel_Wrong, navigator: FakeNavigator) {
    self.viewModel = viewModel
    self.navigator = navigator
  }

  func bind() {
    viewModel.showDetail
      .sink(with: self) { screen, show in
        if show { screen.navigator.push("detail") }
      }
      .store(in: bag)
  }

  func unbind() {
    bag.cancelAll()
  }
}
// snippet-end

// snippet: navigation-as-event
/// RIGHT: a navigation request is an event.
private final class NavigationEventViewModel: Sendable {
  private let routes = EventSender<String>()
  var navigation: EventStream<String> { routes.stream }

  func rowTapped() {
    routes.send("detail")
  }
}

private final class ListScreen: Sendable {
  let viewModel: NavigationEventViewModel
  let navigator: FakeNavigator
  private let bag = SubscriptionBag()

  init(viewModel: NavigationEventViewModel, navigator: FakeNavigator) {
    self.viewModel = viewModel
    self.navigator = navigator
  }

  func bind() {
    viewModel.navigation
      .sink(with: self) { screen, route in screen.navigator.push(route) }
      .store(in: bag)
  }

  func unbind() {
    bag.cancelAll()
  }
}
// snippet-end

extension GuideTests {
  @Suite struct StickyNavigationFlag {
    // snippet: sticky-navigation-test
    @Test func stickyFlagReopensDetailAfterBack() {
      let navigator = FakeNavigator()
      let screen = ListScreen_Wrong(
        viewModel: StickyNavigationViewModel_Wrong(), navigator: navigator)
      screen.bind()  // the list appears
      screen.viewModel.rowTapped()  // the user opens the detail
      screen.unbind()  // the detail covers the list
      screen.bind()  // the user taps back: the list appears again
      #expect(navigator.pushed == ["detail", "detail"])  // the bug: the detail opens again
    }
    // snippet-end

    @Test func navigationEventOpensDetailOnce() {
      let navigator = FakeNavigator()
      let screen = ListScreen(viewModel: NavigationEventViewModel(), navigator: navigator)
      screen.bind()
      screen.viewModel.rowTapped()
      screen.unbind()
      screen.bind()
      #expect(navigator.pushed == ["detail"])  // fixed: back stays back
      screen.viewModel.rowTapped()  // and a second tap still navigates
      #expect(navigator.pushed == ["detail", "detail"])
    }
  }
}
