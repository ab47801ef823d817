import ExerciseChecks
import Signals
import Testing

// Exercise 3: willSet-style emission (the DocC article Delivery guarantees, "Reading the old
// value").
//
// A cart badge notifies its handlers from `willSet`, as Combine's `@Published` does. A handler
// that uses its argument is fine, but one that reads `cart.count` (to format "2 items", say)
// reads the previous count.
//
// Your task: change `CartBadge` until
// `SIGNALS_EXERCISE=3 swift test --filter Exercise3/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. When does `willSet` run: before or after the new value is stored?
// 2. Moving the loop to `didSet` fixes the timing of the first two checks. In the third, a
//    handler adds an item, and the loop then runs a second delivery inside the first: later
//    subscribers miss a count or hear them out of order (Delivery guarantees, "Re-entrant sends").
// 3. `MutableProperty` stores first, then delivers, and queues a nested write. To call a
//    `@MainActor` handler, subscribe through `receive(on: .mainActor)`, and keep the tokens in
//    a `SubscriptionBag` the cart owns.

/// WRONG: notifies in `willSet`, so handlers run before the new count is stored.
@MainActor
final class CartBadge: CartBadgeModel {
  private var handlers: [@MainActor (Int) -> Void] = []

  private(set) var count = 0 {
    willSet {
      for handler in handlers {
        handler(newValue)
      }
    }
  }

  func add() {
    count += 1
  }

  func onCountChange(_ handler: @escaping @MainActor (Int) -> Void) {
    handlers.append(handler)
    handler(count)
  }
}

@Suite struct Exercise3 {
  @Test(arguments: CartBadgeChecks.allCases)
  func check(_ check: CartBadgeChecks) async {
    await Exercise.run(3) {
      try await check.run(CartBadge.self)
    }
  }
}
