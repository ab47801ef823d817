import SignalsTesting
import Testing

@testable import UserFeature

/// Paging: append, no duplicate concurrent page loads, end reached, failures keep the list.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListPagingTests {
  let screen = UserListHarness()

  /// Every paging scenario starts on the first page, users 1...3, with more to come; the
  /// recording starts there.
  init() async throws {
    try await screen.beginWithList(1...3, hasMore: true)
  }

  @Test func nextPagesAreAppendedUntilTheEnd() async throws {
    try await screen.loadNextPage(answering: 1, with: TestUsers.page(4...6, hasMore: true))
    try await screen.loadNextPage(answering: 2, with: TestUsers.page(7...7, hasMore: false))

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...6, .idle(hasMore: true)),
        .list(1...6, .loadingMore),
        .list(1...7, .idle(hasMore: false)),
      ])
    #expect(
      screen.calls.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 2, pageSize: 3),
        .list(query: "", page: 3, pageSize: 3),
      ])
  }

  @Test func aFailedPageKeepsTheListSendsAToastAndCanBeRetried() async throws {
    screen.viewModel.loadNextPage()
    try await screen.fail(1, with: UserClientError.transport(URLErrorFactory.timedOut))
    try await screen.loadNextPage(answering: 2, with: TestUsers.page(4...4, hasMore: false))

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...4, .idle(hasMore: false)),
      ])
    #expect(
      screen.events.values == [
        .toast("The server is taking too long to respond. Please try again.")
      ])
    #expect(screen.calls.requests[2] == .list(query: "", page: 2, pageSize: 3))
  }

  @Test func usersAlreadyShownAreNotAppendedAgain() async throws {
    screen.viewModel.loadNextPage()
    // The server's list shifted: user 3 moved onto page 2.
    try await screen.succeed(1, with: TestUsers.page(3...5, hasMore: false))

    #expect(screen.states.last == .list(1...5, .idle(hasMore: false)))
  }

  @Test func aRefreshRestartsPagingFromPageTwo() async throws {
    try await screen.loadNextPage(answering: 1, with: TestUsers.page(4...6, hasMore: true))

    try await screen.refresh(answering: 2, with: TestUsers.page(1...3, hasMore: true))
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 4)

    #expect(screen.calls.requests[3] == .list(query: "", page: 2, pageSize: 3))
    try await screen.succeed(3, with: TestUsers.page(4...6, hasMore: false))
  }

  /// A new page size loads the first page again with it, and the next pages follow it.
  @Test func aNewPageSizeLoadsTheFirstPageAgainAndTheNextPagesFollowIt() async throws {
    screen.viewModel.apply(pageSize: 5)
    try await screen.succeed(1, with: TestUsers.page(1...5, hasMore: true))
    try await screen.loadNextPage(answering: 2, with: TestUsers.page(6...7, hasMore: false))

    #expect(
      screen.calls.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 5),
        .list(query: "", page: 2, pageSize: 5),
      ])
    #expect(screen.states.last == .list(1...7, .idle(hasMore: false)))
  }

  /// The page size in use changes nothing: no request, no state.
  @Test func theSamePageSizeChangesNothing() async throws {
    screen.viewModel.apply(pageSize: 3)

    #expect(screen.tasks.unfinishedCount == 0)
    #expect(screen.states.values == [.list(1...3, .idle(hasMore: true))])
  }

  /// A page size applied while a page loads: the refresh replaces the page load, and the list
  /// on screen keeps the size it was loaded with until the refresh succeeds.
  @Test func aPageSizeAppliedWhileAPageLoadsRefreshesWithIt() async throws {
    screen.viewModel.loadNextPage()
    screen.viewModel.apply(pageSize: 5)
    try await screen.succeed(2, with: TestUsers.page(1...5, hasMore: true))

    #expect(screen.calls.requests[1] == .list(query: "", page: 2, pageSize: 3))
    #expect(screen.calls.requests[2] == .list(query: "", page: 1, pageSize: 5))
    #expect(screen.states.last == .list(1...5, .idle(hasMore: true)))
  }

  /// A refresh that fails keeps the list on screen, and with it the size that list was loaded
  /// with: its next page still fits.
  @Test func aFailedRefreshKeepsTheShownListsPageSize() async throws {
    screen.viewModel.apply(pageSize: 5)
    try await screen.fail(1, with: UserClientError.transport(URLErrorFactory.timedOut))
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 3)

    #expect(screen.calls.requests[1] == .list(query: "", page: 1, pageSize: 5))
    #expect(screen.calls.requests[2] == .list(query: "", page: 2, pageSize: 3))
    try await screen.succeed(2, with: TestUsers.page(4...6, hasMore: false))
  }
}
