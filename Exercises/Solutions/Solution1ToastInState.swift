import ExerciseChecks
import Signals
import Testing

// Solution to exercise 1 (a toast kept in state). The toast is an event: an `EventSender`
// replays nothing, so a screen that binds later hears only what happens from then on.

/// RIGHT: the toast is an event.
final class SaveViewModel: SavingModel {
  private let toasts = EventSender<String>()

  func save() {
    toasts.send("Saved")
  }

  func bindToasts(_ show: @escaping @Sendable (String) -> Void) -> SubscriptionToken {
    toasts.stream.sink(show)
  }
}

@Suite struct Solution1 {
  @Test(arguments: SavingChecks.allCases)
  func check(_ check: SavingChecks) async throws {
    try await check.run(SaveViewModel.self)
  }
}
