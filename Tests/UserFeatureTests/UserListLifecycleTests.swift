import SignalsTesting
import Testing

@testable import UserFeature

/// Navigation as an event, cancellation that settles and stays quiet, deallocation mid-request.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListLifecycleTests {
  @Test func selectingAUserSendsOneNavigationEventAndChangesNoState() async {
    let list = UserListScreen()

    list.viewModel.select(TestUsers.user(7))
    let lateSubscriber = Recorder(list.viewModel.events)

    await list.screen.expect(list.state, .idle)
    await list.screen.expect(list.events, .showDetail(7))
    #expect(lateSubscriber.values == [])
    await list.screen.finish()
  }

  @Test func cancelDuringTheFirstLoadSettlesToIdleAndALateAnswerChangesNothing() async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    list.viewModel.load()
    await list.screen.expect(list.state, .idle, .loading(query: ""))

    list.viewModel.cancel()
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...3, hasMore: true))

    #expect(list.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    await list.screen.expect(list.state, .idle)
    await list.screen.finish()
  }

  /// `cancel()` drops a search still in its debounce pause, and typing afterwards searches again.
  @Test func cancelDuringTheSearchPauseDropsThePendingSearch() async {
    let list = UserListScreen()
    list.viewModel.search("a")
    list.viewModel.cancel()
    await list.screen.advance(by: .seconds(1))
    #expect(list.calls.requests == [])

    await list.searchAndPause("b")
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...1, hasMore: false))
    #expect(list.calls.requests == [.list(query: "b", page: 1, pageSize: 3)])
    await list.screen.expect(
      list.state, .idle, .loading(query: "b"), .list(1...1, query: "b", .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test func afterCancelLoadStartsAgain() async {
    let list = UserListScreen()
    list.viewModel.load()
    await list.screen.expect(list.state, .idle, .loading(query: ""))

    list.viewModel.cancel()
    list.viewModel.load()
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(1...1, hasMore: false))

    await list.screen.expect(
      list.state, .idle, .loading(query: ""), .list(1...1, .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test func cancelDuringARefreshOrAPageLoadPutsTheListBack() async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    await list.beginWithList(1...3, hasMore: true)

    list.viewModel.startRefresh()
    await list.screen.expect(list.state, .list(1...3, .refreshing))
    list.viewModel.cancel()
    list.viewModel.loadNextPage()
    await list.screen.expect(
      list.state, .list(1...3, .idle(hasMore: true)), .list(1...3, .loadingMore))
    list.viewModel.cancel()
    list.calls.fail(1, with: UserClientError.httpStatus(500))
    list.calls.resolve(2, with: TestUsers.page(4...6, hasMore: false))

    await list.screen.expect(list.state, .list(1...3, .idle(hasMore: true)))
    await list.screen.finish()
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    weak let released = list.viewModel
    list.viewModel.load()
    await list.screen.expect(list.state, .idle, .loading(query: ""))

    list.releaseViewModel()

    #expect(released == nil)
    #expect(list.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...3, hasMore: true))
    await list.screen.advance(by: UserListViewModel.searchDebounce)
    await list.screen.finish()
  }

  @Test func aViewModelReleasedDuringTheSearchPauseCancelsTheDebounce() async {
    let list = UserListScreen()
    weak let released = list.viewModel

    list.viewModel.search("a")
    #expect(list.screen.scheduler.pendingCount == 1)
    list.releaseViewModel()

    #expect(released == nil)
    #expect(list.screen.scheduler.pendingCount == 0)
    await list.screen.advance(by: .seconds(1))
    await list.screen.expect(list.state, .idle)
    #expect(list.calls.requests == [])
    await list.screen.finish()
  }
}
