import ExerciseChecks
import Signals
import Testing

// Solution to exercise 4 (a retain cycle). The `map` closure captured `self`, and a
// subscription keeps every closure of its chain alive: screen -> bag -> token -> map -> screen.
// The label needs nothing from the screen, so the closure is a static function now, and the
// only reference to the screen is the weak one `sink(with:)` holds.

/// RIGHT: nothing in the chain holds the screen strongly.
final class CountScreen: CountScreenModel {
  private let bag = SubscriptionBag()
  private let count: Property<Int>
  private let render: @Sendable (String) -> Void

  init(count: Property<Int>, render: @escaping @Sendable (String) -> Void) {
    self.count = count
    self.render = render
  }

  func bind() {
    count
      .map(Self.label(for:))
      .sink(with: self) { screen, text in screen.render(text) }
      .store(in: bag)
  }

  func unbind() {
    bag.cancelAll()
  }

  private static func label(for count: Int) -> String {
    "Count: \(count)"
  }
}

@Suite struct Solution4 {
  @Test(arguments: CountScreenChecks.allCases)
  func check(_ check: CountScreenChecks) async throws {
    try await check.run(CountScreen.self)
  }
}
