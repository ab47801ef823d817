import SignalsTesting
import Testing

@testable import UserFeature

/// Refresh keeps the list on screen; a failed refresh is a toast, not a failed state.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListRefreshTests {
  /// The list stays on screen while the refresh runs; then what the refresh found replaces it:
  /// other users, or nobody.
  @Test(arguments: [
    (TestUsers.page(4...5, hasMore: false), UserListState.list(4...5, .idle(hasMore: false))),
    (UserPage(users: [], hasMore: false), .empty(query: "")),
  ])
  func refreshKeepsTheListThenShowsWhatItFound(
    _ answer: UserPage, _ found: UserListState
  ) async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    try await screen.refresh(answering: 1, with: answer)

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing), found,
      ])
    #expect(screen.events.values == [])
    #expect(screen.calls.requests.last == .list(query: "", page: 1, pageSize: 3))
  }

  @Test func failedRefreshKeepsTheListAndSendsAToast() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.startRefresh()
    try await screen.fail(1, with: UserClientError.httpStatus(500))

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
      ])
    #expect(
      screen.events.values == [
        .toast("The server is having trouble right now. Please try again later.")
      ])
  }

  @Test func refreshCancelsAPageLoadAndItsLateAnswerIsIgnored() async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.loadNextPage()
    screen.viewModel.startRefresh()
    _ = try await screen.calls.requests(count: 3)
    #expect(screen.calls.cancelledRequests == [.list(query: "", page: 2, pageSize: 3)])
    screen.calls.resolve(
      matching: .list(query: "", page: 1, pageSize: 3), with: TestUsers.page(7...9, hasMore: false))
    screen.calls.resolve(
      matching: .list(query: "", page: 2, pageSize: 3), with: TestUsers.page(4...6, hasMore: false))
    await screen.settle()

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .refreshing),
        .list(7...9, .idle(hasMore: false)),
      ])
  }

  @Test func refreshOfAnEmptyResultLoadsAgain() async throws {
    let screen = UserListHarness()
    screen.viewModel.load()
    try await screen.succeed(0, with: UserPage(users: [], hasMore: false))

    try await screen.refresh(answering: 1, with: TestUsers.page(1...1, hasMore: false))

    #expect(
      screen.states.values == [
        .idle, .loading(query: ""), .empty(query: ""), .loading(query: ""),
        .list(1...1, .idle(hasMore: false)),
      ])
  }
}
