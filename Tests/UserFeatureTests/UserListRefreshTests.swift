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
  ) async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    await list.refresh(answering: 1, with: answer)

    await list.screen.expect(list.state, .list(1...3, .refreshing), found)
    #expect(list.calls.requests.last == .list(query: "", page: 1, pageSize: 3))
    await list.screen.finish()
  }

  @Test func failedRefreshKeepsTheListAndSendsAToast() async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    list.viewModel.startRefresh()
    await list.screen.fail(list.calls, 1, with: UserClientError.httpStatus(500))

    await list.screen.expect(
      list.state, .list(1...3, .refreshing), .list(1...3, .idle(hasMore: true)))
    await list.screen.expect(
      list.events, .toast("The server is having trouble right now. Please try again later."))
    await list.screen.finish()
  }

  @Test func refreshCancelsAPageLoadAndItsLateAnswerIsIgnored() async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    await list.beginWithList(1...3, hasMore: true)

    list.viewModel.loadNextPage()
    list.viewModel.startRefresh()
    await list.screen.expect(list.state, .list(1...3, .loadingMore), .list(1...3, .refreshing))
    #expect(list.calls.cancelledRequests == [.list(query: "", page: 2, pageSize: 3)])
    list.calls.resolve(
      matching: .list(query: "", page: 1, pageSize: 3), with: TestUsers.page(7...9, hasMore: false))
    list.calls.resolve(
      matching: .list(query: "", page: 2, pageSize: 3), with: TestUsers.page(4...6, hasMore: false))

    await list.screen.expect(list.state, .list(7...9, .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test func refreshOfAnEmptyResultLoadsAgain() async {
    let list = UserListScreen()
    list.viewModel.load()
    await list.screen.resolve(list.calls, 0, with: UserPage(users: [], hasMore: false))

    await list.refresh(answering: 1, with: TestUsers.page(1...1, hasMore: false))

    await list.screen.expect(
      list.state, .idle, .loading(query: ""), .empty(query: ""), .loading(query: ""),
      .list(1...1, .idle(hasMore: false)))
    await list.screen.finish()
  }
}
