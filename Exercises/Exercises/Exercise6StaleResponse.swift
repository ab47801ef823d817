import ExerciseChecks
import Signals
import Testing

// Exercise 6: a stale response overwrites newer results (docs/guide.md, anti-pattern 7.4).
//
// Every search writes its results when its answer arrives. Answers do not arrive in request
// order, so a slow answer for "sw" replaces the results for "swift".
//
// Your task: change `SearchViewModel` until
// `SIGNALS_EXERCISE=6 swift test --filter Exercise6/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Which search should be allowed to write the state?
// 2. A new search can cancel the one in flight if the view model keeps its task.
// 3. Cancelling is not enough: a server may answer a cancelled request anyway. Check again after
//    the `await`, before writing.

/// WRONG: whichever answer arrives last wins, even one for an older query.
@MainActor
final class SearchViewModel: SearchModel {
  private let stateOwner = MutableProperty(SearchState.idle)
  private let searchRequest: @Sendable (String) async throws -> [String]
  var state: Property<SearchState> { stateOwner.property }

  init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.searchRequest = search
  }

  @discardableResult
  func search(_ query: String) -> Task<Void, Never> {
    stateOwner.value = .searching(query)
    return Task {
      do {
        let found = try await searchRequest(query)
        stateOwner.value = .results(query, found)
      } catch {
        // A failed search leaves the screen as it is (not what this exercise is about).
      }
    }
  }
}

@Suite struct Exercise6 {
  @Test(arguments: SearchChecks.allCases)
  func check(_ check: SearchChecks) async {
    await Exercise.run(6) {
      try await check.run(SearchViewModel.self)
    }
  }
}
