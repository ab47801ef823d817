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
    let states = Recorder(viewModel.state)
    let tasks = TaskOwnerProbe(viewModel.tasks)

    viewModel.search("a")
    viewModel.search("an")
    _ = try await find.requests(count: 2)
    find.resolve(matching: "an", with: ["Ann"])
    find.resolve(matching: "a", with: ["Adam", "Ann"])  // the older answer arrives last
    await settle(tasks: tasks)

    #expect(find.cancelledRequests == ["a"])
    #expect(states.values == [.idle, .searching("a"), .searching("an"), .found(["Ann"])])
  }
  // snippet-end

  // snippet: owned-tasks-release-test
  @Test func aViewModelReleasedMidSearchIsFreedAndNothingMoreArrives() async throws {
    let find = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
    var viewModel: ContactSearchViewModel? = ContactSearchViewModel(find: find.call)
    weak let released = viewModel
    let states = Recorder(try #require(viewModel).state)
    let tasks = TaskOwnerProbe(try #require(viewModel).tasks)
    viewModel?.search("a")
    _ = try await find.requests(count: 1)

    viewModel = nil  // the screen went away mid-request
    #expect(released == nil)  // no task held it
    #expect(find.cancelledIndices == [0])  // releasing it cancelled the request
    find.resolve(0, with: ["Ann"])  // the answer arrives anyway

    await settle(tasks: tasks)  // the cancelled task returns, applying nothing
    #expect(states.values == [.idle, .searching("a")])  // nothing more arrived
  }
  // snippet-end

  @Test func cancelLeavesTheStateItSetsAndTheAnswerIsIgnored() async throws {
    let find = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
    let viewModel = ContactSearchViewModel(find: find.call)
    let states = Recorder(viewModel.state)
    viewModel.search("a")
    _ = try await find.requests(count: 1)

    viewModel.cancel()
    find.resolve(0, with: ["Ann"])

    await settle(tasks: TaskOwnerProbe(viewModel.tasks))
    #expect(states.values == [.idle, .searching("a"), .idle])
  }
}
