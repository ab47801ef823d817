import ExerciseChecks
import Signals
import Testing

// Exercise 7: independent flags that contradict each other (docs/guide.md, anti-pattern 7.5).
//
// Three flags describe one screen, and each is written on its own, so the screen draws
// combinations that should never exist: "No users" flashing between the spinner and the list,
// and a spinner over the old error on a retry.
//
// Your task: change `UserListViewModel` until
// `SIGNALS_EXERCISE=7 swift test --filter Exercise7/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Reordering the writes moves the flash somewhere else; try it and watch which check fails.
// 2. List the screens that can really exist. Can each be one case of an enum?
// 3. One owner, one write per transition; `drawn` is a `map` of it.

/// WRONG: three flags that together describe one screen.
final class UserListViewModel: UserListModel {
  private let isLoading = MutableProperty(false)
  private let users = MutableProperty<[String]>([])
  private let errorMessage = MutableProperty<String?>(nil)

  var drawn: Property<DrawnList> {
    Property.combineLatest(isLoading.property, users.property, errorMessage.property).map {
      Self.draw(isLoading: $0, users: $1, error: $2)
    }
  }

  func startLoading() {
    isLoading.value = true
  }

  func finish(with users: [String]) {
    isLoading.value = false
    self.users.value = users
  }

  func fail(_ message: String) {
    isLoading.value = false
    errorMessage.value = message
  }

  /// The view's `if` chain.
  private static func draw(isLoading: Bool, users: [String], error: String?) -> DrawnList {
    switch (isLoading, error) {
    case (true, let message?): .spinnerAndError(message)
    case (true, nil): .spinner
    case (false, let message?): .error(message)
    case (false, nil): users.isEmpty ? .empty : .list(users)
    }
  }
}

@Suite struct Exercise7 {
  @Test(arguments: UserListChecks.allCases)
  func check(_ check: UserListChecks) async {
    await Exercise.run(7) {
      try await check.run(UserListViewModel.self)
    }
  }
}
