import SignalsTesting
import Testing

@testable import UserFeature

/// Fault injection: every kind of client failure at every step of both screens. Each test
/// asserts the exact states and events, then proves the screen still works (a retry succeeds).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct FailureAtEachStepTests {
  /// A step that works on a list already shown (users 1...3, more available).
  enum ListStep: String, CaseIterable, Sendable {
    case refresh, nextPage

    /// Starts the step on `viewModel`.
    @MainActor func start(on viewModel: UserListViewModel) {
      switch self {
      case .refresh: viewModel.startRefresh()
      case .nextPage: viewModel.loadNextPage()
      }
    }

    /// The activity the list shows while the step runs.
    var activity: UserListContent.Activity {
      self == .refresh ? .refreshing : .loadingMore
    }

    /// The page number the step requests.
    var page: Int {
      self == .refresh ? 1 : 2
    }

    /// The users shown once a retry of the step succeeds with users 4...5 and no more.
    var usersAfterRetry: ClosedRange<Int> {
      self == .refresh ? 4...5 : 1...5
    }
  }

  @Test(arguments: InjectedFailure.allCases)
  func firstLoadFailureShowsTheErrorScreenAndARetryWorks(_ failure: InjectedFailure) async {
    let list = UserListScreen()

    list.viewModel.load()
    await list.screen.fail(list.calls, 0, with: failure.error)
    list.viewModel.load()
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(1...2, hasMore: false))

    await list.screen.expect(
      list.state, .idle, .loading(query: ""), .failed(query: "", error: failure.expectedError),
      .loading(query: ""), .list(1...2, .idle(hasMore: false)))
    await list.screen.finish()
  }

  /// A failed refresh or next page keeps the list on screen, toasts once, and a retry works.
  @Test(arguments: ListStep.allCases, InjectedFailure.allCases)
  func listStepFailureKeepsTheListAndToastsOnce(
    _ step: ListStep, _ failure: InjectedFailure
  ) async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    step.start(on: list.viewModel)
    await list.screen.fail(list.calls, 1, with: failure.error)
    await list.screen.expect(
      list.state, .list(1...3, step.activity), .list(1...3, .idle(hasMore: true)))
    await list.screen.expect(list.events, .toast(failure.expectedError.message))
    step.start(on: list.viewModel)
    await list.screen.resolve(list.calls, 2, with: TestUsers.page(4...5, hasMore: false))

    #expect(list.calls.requests.last == .list(query: "", page: step.page, pageSize: 3))
    await list.screen.expect(
      list.state, .list(1...3, step.activity), .list(step.usersAfterRetry, .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test(arguments: InjectedFailure.allCases)
  func searchFailureShowsTheErrorScreenAndRetypingRetries(_ failure: InjectedFailure) async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    await list.searchAndPause("x")
    await list.screen.fail(list.calls, 1, with: failure.error)
    await list.searchAndPause("x")
    await list.screen.resolve(list.calls, 2, with: TestUsers.page(7...7, hasMore: false))

    await list.screen.expect(
      list.state, .loading(query: "x"), .failed(query: "x", error: failure.expectedError),
      .loading(query: "x"), .list(7...7, query: "x", .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailLoadFailureShowsTheErrorAndARetryWorks(_ failure: InjectedFailure) async {
    let detail = UserDetailScreen(userID: 4)

    detail.viewModel.load()
    await detail.screen.fail(detail.calls, 0, with: failure.error)
    detail.viewModel.startRefresh()
    await detail.screen.resolve(detail.calls, 1, with: TestUsers.user(4))

    #expect(detail.calls.requests == [4, 4])
    await detail.screen.expect(
      detail.state, .idle, .loading, .failed(failure.expectedError), .loading,
      .loaded(TestUsers.user(4), isRefreshing: false))
    await detail.screen.finish()
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailRefreshFailureKeepsTheUserAndToastsOnce(_ failure: InjectedFailure) async {
    let detail = UserDetailScreen(userID: 4)
    await detail.beginWithUser()

    detail.viewModel.startRefresh()
    await detail.screen.fail(detail.calls, 1, with: failure.error)

    let user = TestUsers.user(4)
    await detail.screen.expect(
      detail.state, .loaded(user, isRefreshing: true), .loaded(user, isRefreshing: false))
    await detail.screen.expect(detail.events, .toast(failure.expectedError.message))
    await detail.screen.finish()
  }
}
