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
  func firstLoadFailureShowsTheErrorScreenAndARetryWorks(_ failure: InjectedFailure) async throws {
    let screen = UserListHarness()

    screen.viewModel.load()
    try await screen.fail(0, with: failure.error)
    screen.viewModel.load()
    try await screen.succeed(1, with: TestUsers.page(1...2, hasMore: false))

    #expect(
      screen.states.values == [
        .idle, .loading(query: ""), .failed(query: "", error: failure.expectedError),
        .loading(query: ""), .list(1...2, .idle(hasMore: false)),
      ])
    #expect(screen.events.values == [])
  }

  /// A failed refresh or next page keeps the list on screen, toasts once, and a retry works.
  @Test(arguments: ListStep.allCases, InjectedFailure.allCases)
  func listStepFailureKeepsTheListAndToastsOnce(
    _ step: ListStep, _ failure: InjectedFailure
  ) async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    step.start(on: screen.viewModel)
    try await screen.fail(1, with: failure.error)
    step.start(on: screen.viewModel)
    try await screen.succeed(2, with: TestUsers.page(4...5, hasMore: false))

    #expect(screen.calls.requests.last == .list(query: "", page: step.page, pageSize: 3))
    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, step.activity),
        .list(1...3, .idle(hasMore: true)), .list(1...3, step.activity),
        .list(step.usersAfterRetry, .idle(hasMore: false)),
      ])
    #expect(screen.events.values == [.toast(failure.expectedError.message)])
  }

  @Test(arguments: InjectedFailure.allCases)
  func searchFailureShowsTheErrorScreenAndRetypingRetries(
    _ failure: InjectedFailure
  ) async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    screen.searchAndPause("x")
    try await screen.fail(1, with: failure.error)
    screen.searchAndPause("x")
    try await screen.succeed(2, with: TestUsers.page(7...7, hasMore: false))

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)), .loading(query: "x"),
        .failed(query: "x", error: failure.expectedError), .loading(query: "x"),
        .list(7...7, query: "x", .idle(hasMore: false)),
      ])
    #expect(screen.events.values == [])
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailLoadFailureShowsTheErrorAndARetryWorks(_ failure: InjectedFailure) async throws {
    let screen = UserDetailHarness(userID: 4)

    screen.viewModel.load()
    try await screen.fail(0, with: failure.error)
    screen.viewModel.startRefresh()
    try await screen.succeed(1, with: TestUsers.user(4))

    #expect(screen.calls.requests == [4, 4])
    #expect(
      screen.states.values == [
        .idle, .loading, .failed(failure.expectedError), .loading,
        .loaded(TestUsers.user(4), isRefreshing: false),
      ])
    #expect(screen.events.values == [])
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailRefreshFailureKeepsTheUserAndToastsOnce(_ failure: InjectedFailure) async throws {
    let screen = UserDetailHarness(userID: 4)
    try await screen.beginWithUser()

    screen.viewModel.startRefresh()
    try await screen.fail(1, with: failure.error)

    let user = TestUsers.user(4)
    #expect(
      screen.states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
    #expect(screen.events.values == [.toast(failure.expectedError.message)])
  }
}
