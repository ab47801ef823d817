import ExerciseChecks
import Signals
import Testing

// Exercise 8: navigation, where the view model must own the destination (docs/guide.md, hard
// case "Navigation").
//
// The app can be opened from a link that shows the detail of a user. This view model sends
// "open the detail" as an event, which is right when the container owns what is presented,
// but here nobody is listening yet when the link arrives, and a screen rebuilt while the
// detail is open has no way to know it.
//
// Your task: change `LinkedListViewModel` until
// `SIGNALS_EXERCISE=8 swift test --filter Exercise8/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Ask the question: if the screen were rebuilt right now, should the detail still be open?
// 2. What is presented has to survive "no screen yet": which of the two kinds keeps a value?
// 3. The screen never writes that state: it reports that the user closed the detail.

/// WRONG: what is presented exists only as an event.
final class LinkedListViewModel: PresentingModel {
  private let requests = EventSender<Int?>()

  func open(_ id: Int) {
    requests.send(id)
  }

  func dismissed() {}

  func bindPresentation(_ present: @escaping @Sendable (Int?) -> Void) -> SubscriptionToken {
    requests.stream.sink(present)
  }
}

@Suite struct Exercise8 {
  @Test(arguments: PresentingChecks.allCases)
  func check(_ check: PresentingChecks) async {
    await Exercise.run(8) {
      try await check.run(LinkedListViewModel.self)
    }
  }
}
