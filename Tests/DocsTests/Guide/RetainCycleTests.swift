import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: a handler that captures its screen strongly. The screen owns its bag, the bag
// owns the token, the token owns the handler, and the handler owns the screen: a cycle, so the
// dismissed screen is never freed and keeps rendering.

// snippet: retain-cycle-wrong
/// WRONG: the handler captures `self` strongly.
private final class StrongCaptureScreen_Wrong: Sendable {
  let bag = SubscriptionBag()
  private let count: Property<Int>
  private let log: Recorder<Int>

  init(count: Property<Int>, log: Recorder<Int>) {
    self.count = count
    self.log = log
  }

  func bind() {
    count
      .sink { value in self.render(value) }  // self -> bag -> token -> handler -> self
      .store(in: bag)
  }

  func render(_ value: Int) {
    log.record(value)
  }
}
// snippet-end

// snippet: weak-owner-screen
/// RIGHT: `sink(with:)` holds the screen weakly and hands it to the handler.
private final class WeakOwnerScreen: Sendable {
  private let bag = SubscriptionBag()
  private let count: Property<Int>
  private let render: @Sendable (Int) -> Void

  init(count: Property<Int>, log: Recorder<Int>) {
    self.count = count
    self.render = log.record
  }

  func bind() {
    count
      .sink(with: self) { screen, value in screen.render(value) }
      .store(in: bag)
  }
}
// snippet-end

extension GuideTests {
  @Suite struct RetainCycle {
    // snippet: retain-cycle-test
    @Test func strongCaptureKeepsDismissedScreenAlive() {
      let count = MutableProperty(0)
      let log = Recorder<Int>()
      weak var dismissed: StrongCaptureScreen_Wrong?
      do {
        let screen = StrongCaptureScreen_Wrong(count: count.property, log: log)
        screen.bind()
        dismissed = screen
      }  // the last outside reference is gone: the screen was dismissed
      #expect(dismissed != nil)  // the bug: it is still alive...
      count.value = 1
      #expect(log.values == [0, 1])  // ...and still rendering
      dismissed?.bag.cancelAll()  // break the cycle by hand so the test does not leak
      #expect(dismissed == nil)
    }
    // snippet-end

    // snippet: weak-owner-test
    @Test func sinkWithOwnerLetsDismissedScreenGo() {
      let count = MutableProperty(0)
      let log = Recorder<Int>()
      weak var dismissed: WeakOwnerScreen?
      do {
        let screen = WeakOwnerScreen(count: count.property, log: log)
        screen.bind()
        dismissed = screen
      }
      #expect(dismissed == nil)  // fixed: freed, and its bag ended the subscription
      count.value = 1
      #expect(log.values == [0])  // nothing rendered after dismissal
    }
    // snippet-end
  }
}
