import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

// Anti-pattern: letting every response write the state. Responses do not arrive in request
// order, so a slow response to an old query can overwrite the results of a newer one. The fix,
// latest wins with a `TaskOwner`, is `latestSearchWins()` in TaskOwnerGuideTests.swift.

/// A search client whose responses the test releases one at a time, in any order.
private final class ControlledSearchClient: Sendable {
  private let pending = Mutex<[String: CheckedContinuation<[String], Never>]>([:])
  private let startedInput: AsyncStream<String>.Continuation
  /// The queries, in the order their requests started.
  let started: AsyncStream<String>

  init() {
    let (started, input) = AsyncStream<String>.makeStream()
    self.started = started
    self.startedInput = input
  }

  func search(_ query: String) async -> [String] {
    await withCheckedContinuation { continuation in
      pending.withLock { $0[query] = continuation }
      startedInput.yield(query)
    }
  }

  /// Completes the request for `query`, which must have started and not yet completed.
  func respond(to query: String, with results: [String]) {
    let continuation = pending.withLock { $0.removeValue(forKey: query) }
    guard let continuation else {
      preconditionFailure("no pending request for \(query)")
    }
    continuation.resume(returning: results)
  }
}

// snippet: stale-response-wrong
/// WRONG: whichever response arrives last wins, even one for an older query.
@MainActor
private final class SearchViewModel_Wrong {
  private let stateOwner = MutableProperty(SearchState.idle)
  private let client: ControlledSearchClient
  var state: Property<SearchState> { stateOwner.property }

  init(client: ControlledSearchClient) {
    self.client = client
  }

  @discardableResult
  func search(_ query: String) -> Task<Void, Never> {
    stateOwner.value = .searching(query)
    return Task {
      let found = await client.search(query)
      stateOwner.value = .results(query, found)
    }
  }
}
// snippet-end

extension GuideTests {
  @Suite struct StaleResponse {
    // snippet: stale-response-test
    @MainActor @Test func slowOldResponseOverwritesNewerResults() async {
      let client = ControlledSearchClient()
      let viewModel = SearchViewModel_Wrong(client: client)
      let states = Recorder(viewModel.state)
      var started = client.started.makeAsyncIterator()
      let old = viewModel.search("sw")
      #expect(await started.next() == "sw")
      let new = viewModel.search("swift")
      #expect(await started.next() == "swift")
      client.respond(to: "swift", with: ["Swift"])  // the newer request answers first
      await new.value
      client.respond(to: "sw", with: ["Swift", "Swing"])  // the older one answers late
      await old.value
      #expect(
        states.values == [
          .idle, .searching("sw"), .searching("swift"),
          .results("swift", ["Swift"]),
          .results("sw", ["Swift", "Swing"]),  // the bug: the screen shows results for "sw"
        ])
    }
    // snippet-end
  }
}
