import ExerciseChecks
import Signals
import Testing

// The second solution to exercise 2 (a sticky navigation flag). What is presented is state the
// view model owns, and it stays true: the screen reports Back through `dismissed()`, which
// clears it, so a list that binds again after Back opens nothing. A rebuilt screen while the
// detail is open presents it again, which is why this is state and not a flag left behind.

/// RIGHT: the presented destination is state, cleared when the user closes it.
final class DestinationListViewModel: RowNavigationModel {
  private let destination = MutableProperty<String?>(nil)

  func rowTapped() {
    destination.value = "detail"
  }

  func dismissed() {
    destination.value = nil
  }

  func bindNavigation(_ push: @escaping @Sendable (String) -> Void) -> SubscriptionToken {
    destination.property.sink { destination in
      if let destination { push(destination) }
    }
  }
}

@Suite struct Solution2b {
  @Test(arguments: RowNavigationChecks.allCases)
  func check(_ check: RowNavigationChecks) async throws {
    try await check.run(DestinationListViewModel.self)
  }
}
