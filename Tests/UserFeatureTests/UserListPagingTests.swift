import SignalsTesting
import Testing

@testable import UserFeature

/// Paging: append, no duplicate concurrent page loads, end reached, failures keep the list.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListPagingTests {
  let screen = UserListHarness()

  @Test func nextPagesAreAppendedUntilTheEnd() async throws {
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.loadNextPage()
    try await screen.succeed(1, with: TestUsers.page(4...6, hasMore: true))
    screen.viewModel.loadNextPage()
    try await screen.succeed(2, with: TestUsers.page(7...7, hasMore: false))

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
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.loadNextPage()
    try await screen.fail(1, with: UserClientError.transport(URLErrorFactory.timedOut))
    screen.viewModel.loadNextPage()
    try await screen.succeed(2, with: TestUsers.page(4...4, hasMore: false))

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
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.loadNextPage()
    // The server's list shifted: user 3 moved onto page 2.
    try await screen.succeed(1, with: TestUsers.page(3...5, hasMore: false))

    #expect(screen.states.last == .list(1...5, .idle(hasMore: false)))
  }

  @Test func aRefreshRestartsPagingFromPageTwo() async throws {
    try await screen.beginWithList(1...3, hasMore: true)
    screen.viewModel.loadNextPage()
    try await screen.succeed(1, with: TestUsers.page(4...6, hasMore: true))

    screen.viewModel.startRefresh()
    try await screen.succeed(2, with: TestUsers.page(1...3, hasMore: true))
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 4)

    #expect(screen.calls.requests[3] == .list(query: "", page: 2, pageSize: 3))
    try await screen.succeed(3, with: TestUsers.page(4...6, hasMore: false))
  }

  /// A new page size applies to the next first-page load; the next page of the list on screen
  /// keeps the size it was loaded with, so no user is skipped or shown twice.
  @Test func aNewPageSizeAppliesAtTheNextFirstPageNotToTheNextPage() async throws {
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.pageSize = 5
    screen.viewModel.loadNextPage()
    try await screen.succeed(1, with: TestUsers.page(4...6, hasMore: true))
    screen.viewModel.startRefresh()
    try await screen.succeed(2, with: TestUsers.page(1...5, hasMore: true))
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 4)

    #expect(
      screen.calls.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 2, pageSize: 3),
        .list(query: "", page: 1, pageSize: 5), .list(query: "", page: 2, pageSize: 5),
      ])
    try await screen.succeed(3, with: TestUsers.page(6...7, hasMore: false))
    #expect(screen.states.last == .list(1...7, .idle(hasMore: false)))
  }

  /// A refresh that fails keeps the list on screen, and with it the size that list was loaded
  /// with: its next page still fits.
  @Test func aFailedRefreshKeepsTheShownListsPageSize() async throws {
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.pageSize = 5
    screen.viewModel.startRefresh()
    try await screen.fail(1, with: UserClientError.transport(URLErrorFactory.timedOut))
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 3)

    #expect(screen.calls.requests[1] == .list(query: "", page: 1, pageSize: 5))
    #expect(screen.calls.requests[2] == .list(query: "", page: 2, pageSize: 3))
    try await screen.succeed(2, with: TestUsers.page(4...6, hasMore: false))
  }
}
