import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: letting every response write the state. Responses do not arrive in request
// order, so a slow response to an old query can overwrite the results of a newer one. The fix,
// latest wins with a `TaskOwner`, is `latestSearchWins()` in TaskOwnerGuideTests.swift.

// snippet: stale-response-wrong
/// WRONG: whichever response arrives last wins, even one for an older query.
@MainActor
private final class SearchViewModel_Wrong {
  private let stateOwner = MutableProperty(SearchState.idle)
  private let find: @Sendable (String) async -> [String]
  var state: Property<SearchState> { stateOwner.property }

  init(find: @escaping @Sendable (String) async -> [String]) {
    self.find = find
  }

  @discardableResult
  func search(_ query: String) -> Task<Void, Never> {
    stateOwner.value = .searching(query)
    return Task {
      let found = await find(query)
      stateOwner.value = .results(query, found)
    }
  }
}
// snippet-end

extension GuideTests {
  @Suite struct StaleResponse {
    // snippet: stale-response-test
    @MainActor @Test func slowOldResponseOverwritesNewerResults() async throws {
      let search = ControlledCall<String, [String]>()
      let viewModel = SearchViewModel_Wrong(find: { (try? await search.call($0)) ?? [] })
      let screen = ScreenHarness()  // the tasks are the caller's: the test awaits them
      let state = screen.record(viewModel.state, as: "state")
      let old = viewModel.search("sw")
      let new = viewModel.search("swift")
      await search.requests(count: 2)
      search.resolve(matching: "swift", with: ["Swift"])  // the newer request answers first
      await new.value
      search.resolve(matching: "sw", with: ["Swift", "Swing"])  // the older one answers late
      await old.value
      await screen.expect(
        state, .idle, .searching("sw"), .searching("swift"), .results("swift", ["Swift"]),
        .results("sw", ["Swift", "Swing"]))  // the bug: the screen shows results for "sw"
      await screen.finish()
    }
    // snippet-end
  }
}
