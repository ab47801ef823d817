import ExerciseChecks
import Signals
import Testing

// Solution to exercise 6 (a stale response overwrites newer results). Latest wins: a new search
// cancels the one in flight, and a search checks that it is still wanted after its `await`,
// because a server may answer a cancelled request anyway.

/// RIGHT: only the latest search writes the state.
@MainActor
final class SearchViewModel: SearchModel {
  private let stateOwner = MutableProperty(SearchState.idle)
  private let searchRequest: @Sendable (String) async throws -> [String]
  private var inFlight: Task<Void, Never>?
  var state: Property<SearchState> { stateOwner.property }

  init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.searchRequest = search
  }

  @discardableResult
  func search(_ query: String) -> Task<Void, Never> {
    inFlight?.cancel()
    stateOwner.value = .searching(query)
    let task = Task {
      do {
        let found = try await searchRequest(query)
        guard !Task.isCancelled else { return }  // a newer search replaced this one
        stateOwner.value = .results(query, found)
      } catch {
        // A failed or cancelled search leaves the screen as it is.
      }
    }
    inFlight = task
    return task
  }
}

@Suite struct Solution6 {
  @Test(arguments: SearchChecks.allCases)
  func check(_ check: SearchChecks) async throws {
    try await check.run(SearchViewModel.self)
  }
}
