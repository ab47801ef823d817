import ExerciseChecks
import Signals
import Testing

// Exercise 10: a double tap (docs/guide.md, hard case "A double tap").
//
// A UIKit list binds once, in `viewDidLoad`, so it stays bound while the detail covers it. Two
// selections made before the push's transition starts (a double tap, or two rows at once) both
// reach the handler, and the list pushes two detail screens.
//
// Your task: change `ContactListScreen` until
// `SIGNALS_EXERCISE=10 swift test --filter Exercise10/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. The guard belongs to whoever owns what is presented. Here that is the navigation
//    container, not the view model.
// 2. When does `topViewController` change: when the animation ends, or when the push starts?
// 3. Unbinding in `viewWillDisappear` does not help here: both selections arrive before it runs.

/// WRONG: pushes for every request it hears.
@MainActor
final class ContactListScreen: DetailPushingScreen {
  private let navigation: FakeNavigationController

  init(navigation: FakeNavigationController) {
    self.navigation = navigation
  }

  func showDetail(_ id: Int) {
    navigation.pushViewController(DetailScreen(id: id))
  }
}

@Suite struct Exercise10 {
  @Test(arguments: DoubleTapChecks.allCases)
  func check(_ check: DoubleTapChecks) async {
    await Exercise.run(10) {
      try await check.run(ContactListScreen.self)
    }
  }
}
