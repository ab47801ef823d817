import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The examples of the DocC article "Owned tasks and latest wins"
// (Sources/Signals/Signals.docc/OwnedTasks.md), quoted through their snippet markers.

// snippet: owned-tasks-view-model
/// Searches as the user types: each search replaces the one running (latest wins), and the
/// view model's tasks end with it.
@MainActor
final class ContactSearchViewModel {
  enum State: Equatable, Sendable {
    case idle
    case searching(String)
    case found([String])
    case failed(String)
  }

  let tasks = TaskOwner()  // internal, so that tests can probe it
  private let stateOwner = MutableProperty(State.idle)
  private let find: @Sendable (String) async throws -> [String]
  var state: Property<State> { stateOwner.property }

  init(find: @escaping @Sendable (String) async throws -> [String]) {
    self.find = find
  }

  func search(_ text: String) {
    stateOwner.value = .searching(text)
    tasks.run(key: "search", for: self) { [find] in
      try await find(text)  // no `self` here: nothing keeps the view model alive
    } then: { viewModel, result in
      // On the main actor; skipped if replaced, cancelled, or the view model is gone.
      viewModel.stateOwner.value =
        switch result {
        case .success(let names): .found(names)
        case .failure: .failed("The search failed.")
        }
    }
  }

  /// Stops the search; the state it leaves is decided here, not in the task.
  func cancel() {
    tasks.cancel(key: "search")
    stateOwner.value = .idle
  }
}
// snippet-end

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct OwnedTasksArticleTests {
  // snippet: owned-tasks-latest-wins-test
  @Test func aNewerSearchReplacesTheOlderOne() async throws {
    let find = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
    let viewModel = ContactSearchViewModel(find: find.call)
    let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    let state = screen.record(viewModel.state, as: "state")
    screen.watch(find, as: "find")

    viewModel.search("a")
    viewModel.search("an")
    await screen.expect(state, .idle, .searching("a"), .searching("an"))
    // The two requests reach the fake in any order: answer each by what it asked.
    let (older, newer) = (find.requests.firstIndex(of: "a"), find.requests.firstIndex(of: "an"))
    try await screen.resolve(find, #require(newer), with: ["Ann"])
    try await screen.resolve(find, #require(older), with: ["Adam", "Ann"])  // the older one last

    #expect(find.cancelledRequests == ["a"])
    await screen.expect(state, .found(["Ann"]))
    await screen.finish()
  }
  // snippet-end

  // snippet: owned-tasks-release-test
  @Test func aViewModelReleasedMidSearchIsFreedAndNothingMoreArrives() async throws {
    let find = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
    var viewModel: ContactSearchViewModel? = ContactSearchViewModel(find: find.call)
    weak let released = viewModel
    let screen = ScreenHarness(tasks: TaskOwnerProbe(try #require(viewModel).tasks))
    let state = screen.record(try #require(viewModel).state, as: "state")
    screen.watch(find, as: "find")
    viewModel?.search("a")
    await screen.expect(state, .idle, .searching("a"))  // the request is in flight

    viewModel = nil  // the screen went away mid-request
    #expect(released == nil)  // no task held it
    #expect(find.cancelledRequests == ["a"])  // releasing it cancelled the request
    await screen.resolve(find, 0, with: ["Ann"])  // the answer arrives anyway
    await screen.finish()  // the cancelled task returned, applying nothing: nothing more arrived
  }
  // snippet-end

  @Test func cancelLeavesTheStateItSetsAndTheAnswerIsIgnored() async {
    let find = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
    let viewModel = ContactSearchViewModel(find: find.call)
    let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    let state = screen.record(viewModel.state, as: "state")
    screen.watch(find, as: "find")
    viewModel.search("a")
    await screen.expect(state, .idle, .searching("a"))

    viewModel.cancel()
    await screen.resolve(find, 0, with: ["Ann"])
    await screen.expect(state, .idle)
    await screen.finish()
  }
}
