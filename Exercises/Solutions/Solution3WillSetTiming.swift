import ExerciseChecks
import Signals
import Testing

// Solution to exercise 3 (willSet-style emission). `MutableProperty` stores the new count
// first, then delivers it (didSet timing), so a handler that reads `count` agrees with its
// argument. `receive(on: .mainActor)` gives the `@MainActor` handlers a main-actor face, and
// delivers at once when the count changes on the main actor.

/// RIGHT: stored first, then delivered.
@MainActor
final class CartBadge: CartBadgeModel {
  private let countOwner = MutableProperty(0)
  private let bag = SubscriptionBag()

  var count: Int { countOwner.value }

  func add() {
    countOwner.value += 1
  }

  func onCountChange(_ handler: @escaping @MainActor (Int) -> Void) {
    countOwner.property.receive(on: .mainActor).sink(handler).store(in: bag)
  }
}

@Suite struct Solution3 {
  @Test(arguments: CartBadgeChecks.allCases)
  func check(_ check: CartBadgeChecks) async throws {
    try await check.run(CartBadge.self)
  }
}
