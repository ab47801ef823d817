import ExerciseChecks
import Signals
import Testing

// Exercise 9: an outcome that must not be lost (docs/guide.md, hard case "An outcome that must
// not be lost").
//
// A payment can finish while the payment screen is covered or not built yet. This view model
// sends the result as an event, so a result that finishes while nobody listens is dropped, and
// two results in a row are shown on top of each other.
//
// Your task: change `PaymentResultViewModel` until
// `SIGNALS_EXERCISE=9 swift test --filter Exercise9/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Question 1 of the guide's flowchart: can it finish while no screen is bound, and must the
//    user see it?
// 2. Keep the results the user has not seen, oldest first; the screen shows the first.
// 3. The screen never removes one itself: it calls `messageShown(_:)` when the user dismissed
//    it, and the view model decides what changes.

/// WRONG: a result the user must see, sent as an event.
final class PaymentResultViewModel: PaymentResultModel {
  private let results = EventSender<PendingMessage?>()

  func paymentFinished(_ text: String) {
    results.send(PendingMessage(id: 0, text: text))
  }

  func messageShown(_ id: Int) {}

  func bindMessages(_ show: @escaping @Sendable (PendingMessage?) -> Void) -> SubscriptionToken {
    results.stream.sink(show)
  }
}

@Suite struct Exercise9 {
  @Test(arguments: PaymentResultChecks.allCases)
  func check(_ check: PaymentResultChecks) async {
    await Exercise.run(9) {
      try await check.run(PaymentResultViewModel.self)
    }
  }
}
