import ExerciseChecks
import Signals
import Testing

// Solution to exercise 8 (the view model owns the destination). What is presented is state: a
// deep link sets it before any screen exists, a rebuilt screen presents it again, and the
// screen reports Back through `dismissed()`, a method, so the view model stays its only writer.

/// RIGHT: the destination is state, cleared when the user closes it.
final class LinkedListViewModel: PresentingModel {
  private let destination = MutableProperty<Int?>(nil)

  func open(_ id: Int) {
    destination.value = id
  }

  func dismissed() {
    destination.value = nil
  }

  func bindPresentation(_ present: @escaping @Sendable (Int?) -> Void) -> SubscriptionToken {
    destination.property.sink(present)
  }
}

@Suite struct Solution8 {
  @Test(arguments: PresentingChecks.allCases)
  func check(_ check: PresentingChecks) async throws {
    try await check.run(LinkedListViewModel.self)
  }
}
