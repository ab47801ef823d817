import ExerciseChecks
import Signals
import Testing

// Solution to exercise 2 (a sticky navigation flag). Navigation is an event: the tap sends
// "detail" once, and a list that binds again on Back hears nothing old.

/// RIGHT: a navigation request is an event.
final class ListViewModel: RowNavigationModel {
  private let routes = EventSender<String>()

  func rowTapped() {
    routes.send("detail")
  }

  func bindNavigation(_ push: @escaping @Sendable (String) -> Void) -> SubscriptionToken {
    routes.stream.sink(push)
  }
}

@Suite struct Solution2 {
  @Test(arguments: RowNavigationChecks.allCases)
  func check(_ check: RowNavigationChecks) async throws {
    try await check.run(ListViewModel.self)
  }
}
