import ExerciseChecks
import Signals
import Testing

// Exercise 1: a toast kept in state (docs/guide.md, anti-pattern 7.1).
//
// After a save the screen shows "Saved" in a toast. This view model keeps the toast in a
// `Property`, so a screen that binds after the save (a screen built again, a second window
// opened later, or a list that rebinds when it is uncovered) shows the old toast again.
//
// Your task: change `SaveViewModel` (and nothing in the test) until
// `SIGNALS_EXERCISE=1 swift test --filter Exercise1/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Ask the guide's question: if the screen were built again right now, should it show
//    "Saved"?
// 2. A `Property` replays its current value to every new subscriber. Which type replays
//    nothing?
// 3. Setting the toast back to `nil` after showing it only moves the bug: the screen becomes a
//    second writer of the view model's state.

/// WRONG: the toast is state.
final class SaveViewModel: SavingModel {
  private let toastOwner = MutableProperty<String?>(nil)

  func save() {
    toastOwner.value = "Saved"
  }

  func bindToasts(_ show: @escaping @Sendable (String) -> Void) -> SubscriptionToken {
    toastOwner.property.sink { toast in
      if let toast { show(toast) }
    }
  }
}

@Suite struct Exercise1 {
  @Test(arguments: SavingChecks.allCases)
  func check(_ check: SavingChecks) async {
    await Exercise.run(1) {
      try await check.run(SaveViewModel.self)
    }
  }
}
