import SignalsTesting
import Testing

@testable import UserFeature

/// Paging: append, no duplicate concurrent page loads, end reached, failures keep the list.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListPagingTests {
  let list = UserListScreen()
  var screen: ScreenHarness { list.screen }

  /// Every paging scenario starts on the first page, users 1...3, with more to come.
  init() async {
    await list.beginWithList(1...3, hasMore: true)
  }

  @Test func nextPagesAreAppendedUntilTheEnd() async {
    await list.loadNextPage(answering: 1, with: TestUsers.page(4...6, hasMore: true))
    await list.loadNextPage(answering: 2, with: TestUsers.page(7...7, hasMore: false))

    await screen.expect(
      list.state,
      .list(1...3, .loadingMore),
      .list(1...6, .idle(hasMore: true)),
      .list(1...6, .loadingMore),
      .list(1...7, .idle(hasMore: false)))
    #expect(
      list.calls.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 2, pageSize: 3),
        .list(query: "", page: 3, pageSize: 3),
      ])
    await screen.finish()
  }

  @Test func aFailedPageKeepsTheListSendsAToastAndCanBeRetried() async {
    list.viewModel.loadNextPage()
    await screen.fail(list.calls, 1, with: UserClientError.transport(URLErrorFactory.timedOut))
    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...3, .idle(hasMore: true)))
    await screen.expect(
      list.events, .toast("The server is taking too long to respond. Please try again."))
    await list.loadNextPage(answering: 2, with: TestUsers.page(4...4, hasMore: false))

    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...4, .idle(hasMore: false)))
    #expect(list.calls.requests[2] == .list(query: "", page: 2, pageSize: 3))
    await screen.finish()
  }

  @Test func usersAlreadyShownAreNotAppendedAgain() async {
    list.viewModel.loadNextPage()
    // The server's list shifted: user 3 moved onto page 2.
    await screen.resolve(list.calls, 1, with: TestUsers.page(3...5, hasMore: false))

    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...5, .idle(hasMore: false)))
    await screen.finish()
  }

  @Test func aRefreshRestartsPagingFromPageTwo() async {
    await list.loadNextPage(answering: 1, with: TestUsers.page(4...6, hasMore: true))

    await list.refresh(answering: 2, with: TestUsers.page(1...3, hasMore: true))
    list.viewModel.loadNextPage()
    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...6, .idle(hasMore: true)),
      .list(1...6, .refreshing), .list(1...3, .idle(hasMore: true)), .list(1...3, .loadingMore))

    #expect(list.calls.requests[3] == .list(query: "", page: 2, pageSize: 3))
    await screen.resolve(list.calls, 3, with: TestUsers.page(4...6, hasMore: false))
    await screen.expect(list.state, .list(1...6, .idle(hasMore: false)))
    await screen.finish()
  }

  /// A new page size loads the first page again with it, and the next pages follow it.
  @Test func aNewPageSizeLoadsTheFirstPageAgainAndTheNextPagesFollowIt() async {
    list.viewModel.apply(pageSize: 5)
    await screen.resolve(list.calls, 1, with: TestUsers.page(1...5, hasMore: true))
    await list.loadNextPage(answering: 2, with: TestUsers.page(6...7, hasMore: false))

    #expect(
      list.calls.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 5),
        .list(query: "", page: 2, pageSize: 5),
      ])
    await screen.expect(
      list.state, .list(1...3, .refreshing), .list(1...5, .idle(hasMore: true)),
      .list(1...5, .loadingMore), .list(1...7, .idle(hasMore: false)))
    await screen.finish()
  }

  /// The page size in use changes nothing: no request, no state.
  @Test func theSamePageSizeChangesNothing() async {
    list.viewModel.apply(pageSize: 3)

    #expect(list.tasks.unfinishedCount == 0)
    await screen.finish()
  }

  /// A page size applied while a page loads: the refresh replaces the page load, and the list
  /// on screen keeps the size it was loaded with until the refresh succeeds.
  @Test func aPageSizeAppliedWhileAPageLoadsRefreshesWithIt() async {
    list.viewModel.loadNextPage()
    // The page's request is made off the main actor: let it reach the client before the size
    // changes, or the two requests could arrive in either order.
    await screen.advance(by: .zero)
    list.viewModel.apply(pageSize: 5)
    await screen.resolve(list.calls, 2, with: TestUsers.page(1...5, hasMore: true))

    #expect(list.calls.requests[1] == .list(query: "", page: 2, pageSize: 3))
    #expect(list.calls.requests[2] == .list(query: "", page: 1, pageSize: 5))
    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...3, .refreshing),
      .list(1...5, .idle(hasMore: true)))
    await screen.finish()
  }

  /// A refresh that fails keeps the list on screen, and with it the size that list was loaded
  /// with: its next page still fits.
  @Test func aFailedRefreshKeepsTheShownListsPageSize() async {
    list.viewModel.apply(pageSize: 5)
    await screen.fail(list.calls, 1, with: UserClientError.transport(URLErrorFactory.timedOut))
    list.viewModel.loadNextPage()
    await screen.expect(
      list.state, .list(1...3, .refreshing), .list(1...3, .idle(hasMore: true)))
    await screen.expect(
      list.events, .toast("The server is taking too long to respond. Please try again."))
    await screen.expect(list.state, .list(1...3, .loadingMore))

    #expect(list.calls.requests[1] == .list(query: "", page: 1, pageSize: 5))
    #expect(list.calls.requests[2] == .list(query: "", page: 2, pageSize: 3))
    await screen.resolve(list.calls, 2, with: TestUsers.page(4...6, hasMore: false))
    await screen.expect(list.state, .list(1...6, .idle(hasMore: false)))
    await screen.finish()
  }
}
