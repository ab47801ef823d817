import SignalsTesting
import Testing

@testable import UserFeature

/// Calls that must not start work: repeating an action while its request runs starts no second
/// request, and an action with nothing to do changes nothing.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListRedundantCallTests {
  /// A list action.
  enum Action: String, Sendable {
    case load, refresh, loadNextPage

    @MainActor func perform(on viewModel: UserListViewModel) {
      switch self {
      case .load: viewModel.load()
      case .refresh: viewModel.startRefresh()
      case .loadNextPage: viewModel.loadNextPage()
      }
    }
  }

  /// A list screen showing users `shown` (its states asserted), or nothing (`.idle` asserted).
  private func screenShowing(_ shown: ClosedRange<Int>?, hasMore: Bool) async -> UserListScreen {
    let list = UserListScreen()
    if let shown {
      await list.beginWithList(shown, hasMore: hasMore)
    } else {
      await list.screen.expect(list.state, .idle)
    }
    return list
  }

  /// Actions repeated while the first one's request runs, and what one request then shows.
  struct Repeated: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The users shown (more available) before the actions; `nil`: nothing shown.
    let shown: ClosedRange<Int>?
    let actions: [Action]
    let answer: UserPage
    let requests: [ControlledUserClient.PageRequest]
    let states: [UserListState]

    static let all = [
      Repeated(
        testDescription: "load, load, refresh while loading", shown: nil,
        actions: [.load, .load, .refresh], answer: TestUsers.page(1...2, hasMore: false),
        requests: [.list(query: "", page: 1, pageSize: 3)],
        states: [.idle, .loading(query: ""), .list(1...2, .idle(hasMore: false))]),
      Repeated(
        testDescription: "three next pages", shown: 1...3,
        actions: [.loadNextPage, .loadNextPage, .loadNextPage],
        answer: TestUsers.page(4...6, hasMore: true),
        requests: [
          .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 2, pageSize: 3),
        ],
        states: [
          .list(1...3, .idle(hasMore: true)), .list(1...3, .loadingMore),
          .list(1...6, .idle(hasMore: true)),
        ]),
      Repeated(
        testDescription: "refresh, refresh, load while refreshing", shown: 1...3,
        actions: [.refresh, .refresh, .load], answer: TestUsers.page(1...3, hasMore: true),
        requests: [
          .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 3),
        ],
        states: [
          .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing),
          .list(1...3, .idle(hasMore: true)),
        ]),
    ]
  }

  @Test(arguments: Repeated.all)
  func repeatingAnActionWhileItsRequestRunsStartsNoSecondRequest(_ repeated: Repeated) async {
    let list = await screenShowing(repeated.shown, hasMore: true)

    for action in repeated.actions {
      action.perform(on: list.viewModel)
    }
    #expect(list.tasks.unfinishedCount == 1)
    await list.screen.resolve(list.calls, repeated.requests.count - 1, with: repeated.answer)

    #expect(list.calls.requests == repeated.requests)
    // The first state is the one shown before the actions, which screenShowing asserted.
    for state in repeated.states.dropFirst() {
      await list.screen.expect(list.state, state)
    }
    await list.screen.finish()
  }

  /// Loading once a list is shown has nothing to do (the next page's answers when there is
  /// nothing to load: `UserListIntentTests`).
  @Test func loadingOnceLoadedStartsNothingAndChangesNothing() async {
    let list = await screenShowing(1...2, hasMore: false)

    list.viewModel.load()

    #expect(list.tasks.unfinishedCount == 0)
    #expect(list.calls.requests.count == 1)
    await list.screen.finish()
  }
}
