import ExerciseChecks
import Signals
import Testing

// Exercise 4: a retain cycle (docs/guide.md, anti-pattern 7.3).
//
// The screen already subscribes with `sink(with: self)`, which holds it weakly. Yet a dismissed
// screen stays in memory and keeps rendering.
//
// Your task: change `CountScreen` until
// `SIGNALS_EXERCISE=4 swift test --filter Exercise4/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Draw the references: the screen owns its bag, the bag owns the token, the token owns...?
// 2. A subscription keeps every closure of its chain alive, not only the handler: operators'
//    closures too.
// 3. A `map` closure that needs nothing from the screen should capture nothing from it.

/// WRONG: something in `bind()` holds the screen strongly.
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
      .map { self.label(for: $0) }
      .sink(with: self) { screen, text in screen.render(text) }
      .store(in: bag)
  }

  func unbind() {
    bag.cancelAll()
  }

  private func label(for count: Int) -> String {
    "Count: \(count)"
  }
}

@Suite struct Exercise4 {
  @Test(arguments: CountScreenChecks.allCases)
  func check(_ check: CountScreenChecks) async {
    await Exercise.run(4) {
      try await check.run(CountScreen.self)
    }
  }
}
