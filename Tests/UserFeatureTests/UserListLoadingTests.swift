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
  let screen = UserListHarness()

  @Test func firstLoadGoesFromIdleThroughLoadingToTheList() async throws {
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)
    #expect(screen.states.values == [.idle, .loading(query: "")])

    try await screen.succeed(0, with: TestUsers.page(1...3, hasMore: true))

    #expect(
      screen.states.values == [.idle, .loading(query: ""), .list(1...3, .idle(hasMore: true))])
    #expect(screen.events.values == [])
    #expect(screen.calls.requests == [.list(query: "", page: 1, pageSize: 3)])
  }

  @Test func firstLoadFailureShowsTheUserFacingMessageNotTheUnderlyingError() async throws {
    screen.viewModel.load()
    try await screen.fail(0, with: UserClientError.transport(URLError(.notConnectedToInternet)))

    let offline = UserFacingError(
      kind: .offline,
      message: "You appear to be offline. Check your connection and try again.",
      underlying: TestFailure())
    #expect(
      screen.states.values == [.idle, .loading(query: ""), .failed(query: "", error: offline)])
    #expect(screen.events.values == [])
    // The underlying error stays available for diagnostics.
    guard case .failed(_, let shown) = try #require(screen.states.last) else {
      Issue.record("not failed")
      return
    }
    guard case UserClientError.transport(let urlError) = shown.underlying else {
      Issue.record("underlying error lost: \(shown.underlying)")
      return
    }
    #expect(urlError.code == .notConnectedToInternet)
  }

  @Test func anEmptyResultIsItsOwnState() async throws {
    screen.viewModel.load()
    try await screen.succeed(0, with: UserPage(users: [], hasMore: false))

    #expect(screen.states.values == [.idle, .loading(query: ""), .empty(query: "")])
  }

  @Test func loadAfterAFailureRetries() async throws {
    screen.viewModel.load()
    try await screen.fail(0, with: UserClientError.httpStatus(503))
    screen.viewModel.load()
    try await screen.succeed(1, with: TestUsers.page(1...1, hasMore: false))

    let server = UserFacingError(
      kind: .server, message: UserFacingError.message(for: .server), underlying: TestFailure())
    #expect(
      screen.states.values == [
        .idle, .loading(query: ""), .failed(query: "", error: server), .loading(query: ""),
        .list(1...1, .idle(hasMore: false)),
      ])
    #expect(screen.calls.requests.count == 2)
  }

  @Test func duplicateIdentifiersInAPageAreShownOnce() async throws {
    screen.viewModel.load()
    let twice = TestUsers.users([1, 2, 1])
    try await screen.succeed(0, with: UserPage(users: twice, hasMore: false))

    #expect(screen.states.last == .list(1...2, .idle(hasMore: false)))
  }
}
