import ExerciseChecks
import Signals
import Testing

// Exercise 2: a sticky navigation flag (docs/guide.md, anti-pattern 7.2).
//
// Tapping a row opens the detail screen. This view model keeps "show the detail" as a `Bool`
// in state, and the flag is still `true` after the user comes back: the list binds again on
// Back and opens the detail again.
//
// Your task: change `ListViewModel` until
// `SIGNALS_EXERCISE=2 swift test --filter Exercise2/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Is "open the detail" something the screen should still show if it were rebuilt now?
// 2. Resetting the flag to `false` from the screen makes the screen a writer of the view
//    model's state, and races with the next tap.
// 3. Two fixes pass. Either the tap is a request sent as an event (look at how
//    `UserListViewModel.select(_:)` in Sources/UserFeature opens a detail screen), or the view
//    model owns what is presented as state and the screen reports Back through `dismissed()`
//    (the guide's `ContactsViewModel`).

/// WRONG: a navigation request stored as state.
final class ListViewModel: RowNavigationModel {
  private let showDetail = MutableProperty(false)

  func rowTapped() {
    showDetail.value = true
  }

  func bindNavigation(_ push: @escaping @Sendable (String) -> Void) -> SubscriptionToken {
    showDetail.property.sink { show in
      if show { push("detail") }
    }
  }
}

@Suite struct Exercise2 {
  @Test(arguments: RowNavigationChecks.allCases)
  func check(_ check: RowNavigationChecks) async {
    await Exercise.run(2) {
      try await check.run(ListViewModel.self)
    }
  }
}
