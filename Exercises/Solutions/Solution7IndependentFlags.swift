import ExerciseChecks
import Signals
import Testing

// Solution to exercise 7 (independent flags). One enum whose cases are the screens that can
// really exist, one owner, one write per transition: no subscriber sees half a transition, and
// "a spinner over an error" cannot even be written down.

/// RIGHT: one value per screen.
final class UserListViewModel: UserListModel {
  private enum State: Sendable {
    case idle
    case loading
    case loaded([String])
    case failed(String)
  }

  private let state = MutableProperty(State.idle)

  var drawn: Property<DrawnList> {
    state.property.map { state in
      switch state {
      case .idle: .empty
      case .loading: .spinner
      case .loaded(let users): users.isEmpty ? .empty : .list(users)
      case .failed(let message): .error(message)
      }
    }
  }

  func startLoading() {
    state.value = .loading
  }

  func finish(with users: [String]) {
    state.value = .loaded(users)
  }

  func fail(_ message: String) {
    state.value = .failed(message)
  }
}

@Suite struct Solution7 {
  @Test(arguments: UserListChecks.allCases)
  func check(_ check: UserListChecks) async throws {
    try await check.run(UserListViewModel.self)
  }
}
