import Foundation
import SignalsTesting
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// First load: idle -> loading -> loaded / empty / failed, and no duplicate requests.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserListLoadingTests {
  let client = ControlledUserClient()
  let scheduler = TestScheduler()

  func makeViewModel() -> UserListViewModel {
    UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
  }

  @Test func firstLoadGoesFromIdleThroughLoadingToTheList() async {
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    #expect(states.values == [.idle, .loading(query: "")])

    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    #expect(states.values == [.idle, .loading(query: ""), .list(1...3, .idle(hasMore: true))])
    #expect(events.values == [])
    #expect(client.requests == [.list(query: "", page: 1, pageSize: 3)])
  }

  @Test func firstLoadFailureShowsTheUserFacingMessageNotTheUnderlyingError() async throws {
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    client.fail(0, with: UserClientError.transport(URLError(.notConnectedToInternet)))
    await settle(viewModel)

    let offline = UserFacingError(
      kind: .offline,
      message: "You appear to be offline. Check your connection and try again.",
      underlying: TestFailure())
    #expect(states.values == [.idle, .loading(query: ""), .failed(query: "", error: offline)])
    #expect(events.values == [])
    // The underlying error stays available for diagnostics.
    guard case .failed(_, let shown) = try #require(states.last) else {
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
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    #expect(states.values == [.idle, .loading(query: ""), .empty(query: "")])
  }

  @Test func loadWhileLoadingStartsNoSecondRequest() async {
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)

    viewModel.load()
    viewModel.load()
    viewModel.refresh()
    #expect(viewModel.unfinishedTasks.count == 1)
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: false))
    await settle(viewModel)

    #expect(client.requests == [.list(query: "", page: 1, pageSize: 3)])
    #expect(states.values == [.idle, .loading(query: ""), .list(1...2, .idle(hasMore: false))])
  }

  @Test func loadOnceLoadedDoesNothing() async {
    let viewModel = makeViewModel()
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: false))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.load()

    #expect(viewModel.unfinishedTasks.count == 0)
    #expect(client.requests.count == 1)
    #expect(states.values == [.list(1...2, .idle(hasMore: false))])
  }

  @Test func loadAfterAFailureRetries() async {
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    client.fail(0, with: UserClientError.httpStatus(503))
    await settle(viewModel)
    viewModel.load()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    let server = UserFacingError(
      kind: .server, message: UserFacingError.message(for: .server), underlying: TestFailure())
    #expect(
      states.values == [
        .idle, .loading(query: ""), .failed(query: "", error: server), .loading(query: ""),
        .list(1...1, .idle(hasMore: false)),
      ])
    #expect(client.requests.count == 2)
  }

  @Test func duplicateIdentifiersInAPageAreShownOnce() async {
    let viewModel = makeViewModel()
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    let twice = TestUsers.users([1, 2, 1])
    client.succeed(0, with: UserPage(users: twice, hasMore: false))
    await settle(viewModel)

    #expect(states.last == .list(1...2, .idle(hasMore: false)))
  }
}
