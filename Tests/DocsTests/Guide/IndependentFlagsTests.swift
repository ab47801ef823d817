import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: describing one screen with independent flags. Each flag is written on its own,
// so subscribers see combinations that should never exist: an "empty" screen flashing between
// the spinner and the list, or a spinner and an error message at once.

// snippet: independent-flags-wrong
/// WRONG: three flags that together describe one screen.
private final class UsersViewModel_Wrong: Sendable {
  private let isLoadingOwner = MutableProperty(false)
  private let usersOwner = MutableProperty<[String]>([])
  private let errorOwner = MutableProperty<String?>(nil)
  var isLoading: Property<Bool> { isLoadingOwner.property }
  var users: Property<[String]> { usersOwner.property }
  var errorMessage: Property<String?> { errorOwner.property }

  func startLoading() {
    isLoadingOwner.value = true
  }

  func finish(with users: [String]) {
    isLoadingOwner.value = false  // subscribers already see "not loading, no users"
    usersOwner.value = users
  }

  func fail(_ message: String) {
    isLoadingOwner.value = false
    errorOwner.value = message
  }
}
// snippet-end

// snippet: single-state-enum
/// RIGHT: one value per screen; every case is a screen that can really exist.
private enum UsersState: Equatable, Sendable {
  case idle
  case loading
  case loaded([String])
  case failed(String)
}

private final class UsersViewModel: Sendable {
  private let stateOwner = MutableProperty(UsersState.idle)
  var state: Property<UsersState> { stateOwner.property }

  func startLoading() {
    stateOwner.value = .loading
  }

  func finish(with users: [String]) {
    stateOwner.value = .loaded(users)
  }

  func fail(_ message: String) {
    stateOwner.value = .failed(message)
  }
}
// snippet-end

/// What the screen draws from the three flags (the view's `if` chain).
private enum Drawn: Equatable {
  case spinner
  case empty
  case list([String])
  case error(String)
  case spinnerAndError(String)
}

private func draw(isLoading: Bool, users: [String], error: String?) -> Drawn {
  switch (isLoading, error) {
  case (true, let message?): .spinnerAndError(message)
  case (true, nil): .spinner
  case (false, let message?): .error(message)
  case (false, nil): users.isEmpty ? .empty : .list(users)
  }
}

extension GuideTests {
  @Suite struct IndependentFlags {
    private func drawn(_ viewModel: UsersViewModel_Wrong) -> Property<Drawn> {
      Property.combineLatest(viewModel.isLoading, viewModel.users, viewModel.errorMessage).map {
        draw(isLoading: $0, users: $1, error: $2)
      }
    }

    // snippet: independent-flags-test
    @Test func flagsFlashAnEmptyScreenBetweenSpinnerAndList() {
      let viewModel = UsersViewModel_Wrong()
      let screen = Recorder(drawn(viewModel))
      viewModel.startLoading()
      viewModel.finish(with: ["Ada", "Grace"])
      // The bug: "No users" flashes between the spinner and the list.
      #expect(screen.values == [.empty, .spinner, .empty, .list(["Ada", "Grace"])])
    }
    // snippet-end

    @Test func flagsShowSpinnerAndErrorTogetherOnRetry() {
      let viewModel = UsersViewModel_Wrong()
      let screen = Recorder(drawn(viewModel))
      viewModel.startLoading()
      viewModel.fail("Offline")
      viewModel.startLoading()  // retry: nobody remembered to clear the error
      #expect(
        screen.values == [
          .empty, .spinner, .empty, .error("Offline"), .spinnerAndError("Offline"),
        ])
    }

    // snippet: single-state-test
    @Test func singleStateMovesInOneStep() {
      let viewModel = UsersViewModel()
      let states = Recorder(viewModel.state)
      viewModel.startLoading()
      viewModel.finish(with: ["Ada", "Grace"])
      viewModel.startLoading()
      viewModel.fail("Offline")
      viewModel.startLoading()  // retry: entering .loading leaves .failed behind
      #expect(
        states.values == [
          .idle, .loading, .loaded(["Ada", "Grace"]), .loading, .failed("Offline"), .loading,
        ])
    }
    // snippet-end
  }
}
