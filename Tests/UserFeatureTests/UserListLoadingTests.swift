import Foundation
import SignalsTesting
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// First load: idle -> loading -> loaded / empty / failed, and no duplicate requests.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListLoadingTests {
  let list = UserListScreen()
  var screen: ScreenHarness { list.screen }

  @Test func firstLoadGoesFromIdleThroughLoadingToTheList() async {
    list.viewModel.load()
    await screen.expect(list.state, .idle, .loading(query: ""))

    await screen.resolve(list.calls, 0, with: TestUsers.page(1...3, hasMore: true))

    await screen.expect(list.state, .list(1...3, .idle(hasMore: true)))
    #expect(list.calls.requests == [.list(query: "", page: 1, pageSize: 3)])
    await screen.finish()
  }

  @Test func firstLoadFailureShowsTheUserFacingMessageNotTheUnderlyingError() async throws {
    list.viewModel.load()
    await screen.fail(
      list.calls, 0, with: UserClientError.transport(URLError(.notConnectedToInternet)))

    let offline = UserFacingError(
      kind: .offline,
      message: "You appear to be offline. Check your connection and try again.",
      underlying: TestFailure())
    await screen.expect(list.state, .idle, .loading(query: ""))
    let failed = try #require(await screen.take(list.state))
    #expect(failed == .failed(query: "", error: offline))
    await screen.finish()
    // The underlying error stays available for diagnostics.
    guard case .failed(_, let shown) = failed else {
      Issue.record("not failed")
      return
    }
    guard case UserClientError.transport(let urlError) = shown.underlying else {
      Issue.record("underlying error lost: \(shown.underlying)")
      return
    }
    #expect(urlError.code == .notConnectedToInternet)
  }

  @Test func anEmptyResultIsItsOwnState() async {
    list.viewModel.load()
    await screen.resolve(list.calls, 0, with: UserPage(users: [], hasMore: false))

    await screen.expect(list.state, .idle, .loading(query: ""), .empty(query: ""))
    await screen.finish()
  }

  @Test func loadAfterAFailureRetries() async {
    list.viewModel.load()
    await screen.fail(list.calls, 0, with: UserClientError.httpStatus(503))
    list.viewModel.load()
    await screen.resolve(list.calls, 1, with: TestUsers.page(1...1, hasMore: false))

    let server = UserFacingError(
      kind: .server, message: UserFacingError.message(for: .server), underlying: TestFailure())
    await screen.expect(
      list.state, .idle, .loading(query: ""), .failed(query: "", error: server),
      .loading(query: ""), .list(1...1, .idle(hasMore: false)))
    #expect(list.calls.requests.count == 2)
    await screen.finish()
  }

  @Test func duplicateIdentifiersInAPageAreShownOnce() async {
    list.viewModel.load()
    let twice = TestUsers.users([1, 2, 1])
    await screen.resolve(list.calls, 0, with: UserPage(users: twice, hasMore: false))

    await screen.expect(
      list.state, .idle, .loading(query: ""), .list(1...2, .idle(hasMore: false)))
    await screen.finish()
  }
}
