import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Rule 6 ("who owns the task") and the fix of anti-pattern 7.4 (a stale response): a view model
// that starts its own work keeps it in a `TaskOwner`, which replaces a task by key (latest wins),
// cancels it with the view model, and applies an answer only while it is still wanted. The wrong
// model of 7.4 is in StaleResponseTests.swift; the caller-owned `async load()` in
// AsyncWorkTests.swift.

private struct SearchOffline: Error {}

private enum ProfileState: Equatable, Sendable {
  case idle
  case loading
  case loaded(name: String)
  case failed(message: String)
}

// snippet: task-owner-view-model
/// The view model owns the work: `load()` returns at once, its `TaskOwner` keeps the task, a
/// new load replaces the old one, and releasing the view model cancels it.
@MainActor
private final class OwnedProfileViewModel {
  let tasks = TaskOwner()
  private let stateOwner = MutableProperty(ProfileState.idle)
  private let fetchName: @Sendable () async throws -> String
  var state: Property<ProfileState> { stateOwner.property }

  init(fetchName: @escaping @Sendable () async throws -> String) {
    self.fetchName = fetchName
  }

  func load() {
    stateOwner.value = .loading
    tasks.run(key: "load", for: self) { [fetchName] in
      try await fetchName()  // no `self`: the view model can go away meanwhile
    } then: { viewModel, result in  // main actor; only if still wanted and still alive
      viewModel.stateOwner.value =
        switch result {
        case .success(let name): .loaded(name: name)
        case .failure: .failed(message: "Could not load the profile.")
        }
    }
  }
}
// snippet-end

// snippet: task-owner-latest-wins
/// RIGHT: a new search replaces the one in flight, and a replaced search writes nothing.
@MainActor
private final class LatestSearchViewModel {
  let tasks = TaskOwner()
  private let stateOwner = MutableProperty(SearchState.idle)
  private let search: @Sendable (String) async throws -> [String]
  var state: Property<SearchState> { stateOwner.property }

  init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = search
  }

  func search(_ query: String) {
    stateOwner.value = .searching(query)
    tasks.run(key: "search", for: self) { [search] in
      try await search(query)
    } then: { viewModel, result in
      viewModel.stateOwner.value =
        switch result {
        case .success(let found): .results(query, found)
        case .failure: .failed(query)  // a failed search is not an empty list
        }
    }
  }
}
// snippet-end

extension GuideTests {
  @MainActor @Suite struct TaskOwnerForms {
    // snippet: screen-harness-guide-test
    @Test func loadShowsLoadingThenTheName() async {
      let request = ControlledCall<Void, String>()
      let viewModel = OwnedProfileViewModel(fetchName: { try await request.call(()) })
      let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
      let state = screen.record(viewModel.state, as: "state")
      screen.watch(request, as: "name")
      viewModel.load()
      await screen.resolve(request, 0, with: "Ada")
      await screen.expect(state, .idle, .loading, .loaded(name: "Ada"))
      await screen.finish()  // fails on any emission no expect took
    }
    // snippet-end

    // snippet: task-owner-test
    @Test func releasingTheViewModelCancelsTheTaskItOwns() async throws {
      let request = ControlledCall<Void, String>(whenCancelled: .keepsWaitingForAnswer)
      var viewModel: OwnedProfileViewModel? = OwnedProfileViewModel(
        fetchName: { try await request.call(()) })
      weak let released = viewModel
      let screen = ScreenHarness(tasks: TaskOwnerProbe(try #require(viewModel).tasks))
      let state = screen.record(try #require(viewModel).state, as: "state")
      screen.watch(request, as: "name")
      viewModel?.load()
      await screen.expect(state, .idle, .loading)  // the request is in flight
      viewModel = nil  // the screen and its view model go away mid-request
      #expect(released == nil)  // no task held it
      #expect(request.cancelledRequests.count == 1)  // its TaskOwner cancelled the request
      await screen.resolve(request, 0, with: "Ada")  // the answer arrives anyway
      await screen.finish()  // nothing is written: no state arrived that no expect took
    }
    // snippet-end

    @Test func aFailedSearchIsShownAsFailedNotAsNoResults() async {
      let search = ControlledCall<String, [String]>()
      let viewModel = LatestSearchViewModel(search: search.call)
      let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
      let state = screen.record(viewModel.state, as: "state")
      screen.watch(search, as: "search")
      viewModel.search("swift")
      await screen.fail(search, 0, with: SearchOffline())
      await screen.expect(state, .idle, .searching("swift"), .failed("swift"))
      await screen.finish()
    }

    // snippet: task-owner-latest-wins-test
    @Test func latestSearchWins() async throws {
      let search = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
      let viewModel = LatestSearchViewModel(search: search.call)
      let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
      let state = screen.record(viewModel.state, as: "state")
      screen.watch(search, as: "search")
      for query in ["s", "sw", "swift"] {  // typing on: each search replaces the one before
        viewModel.search(query)
      }
      await screen.expect(state, .idle, .searching("s"), .searching("sw"), .searching("swift"))
      // Newest first, so every older answer arrives after a newer one. The three requests
      // reach the fake in any order: each is answered by what it asked.
      for (query, found) in [
        ("swift", ["Swift"]), ("sw", ["Swift", "Swing"]), ("s", ["Sass", "Swift", "Swing"]),
      ] {
        try await screen.resolve(
          search, #require(search.requests.firstIndex(of: query)), with: found)
      }
      #expect(Set(search.cancelledRequests) == ["s", "sw"])
      await screen.expect(state, .results("swift", ["Swift"]))  // the late answers are dropped
      await screen.finish()
    }
    // snippet-end
  }
}
