import SignalsTesting
import Testing

@testable import UserFeature

/// Fault injection: every kind of client failure at every step of both screens. Each test
/// asserts the exact states and events, then proves the screen still works (a retry succeeds).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FailureAtEachStepTests {
  let scheduler = TestScheduler()

  /// A list showing users 1...3 (more available), loaded through `client` as request 0.
  private func loadedList(_ client: ControlledUserClient) async -> UserListViewModel {
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)
    return viewModel
  }

  @Test(arguments: InjectedFailure.allCases)
  func firstLoadFailureShowsTheErrorScreenAndARetryWorks(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    client.fail(0, with: failure.error)
    await settle(viewModel)
    viewModel.load()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...2, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: ""), .failed(query: "", error: failure.expectedError),
        .loading(query: ""), .list(1...2, .idle(hasMore: false)),
      ])
    #expect(events.values == [])
  }

  @Test(arguments: InjectedFailure.allCases)
  func refreshFailureKeepsTheListAndToastsOnce(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = await loadedList(client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.fail(1, with: failure.error)
    await settle(viewModel)
    viewModel.refresh()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(4...5, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing),
        .list(4...5, .idle(hasMore: false)),
      ])
    #expect(events.values == [.toast(failure.expectedError.message)])
  }

  @Test(arguments: InjectedFailure.allCases)
  func nextPageFailureKeepsTheListAndToastsOnce(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = await loadedList(client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    client.fail(1, with: failure.error)
    await settle(viewModel)
    viewModel.loadNextPage()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(4...5, hasMore: false))
    await settle(viewModel)

    #expect(client.requests.last == .list(query: "", page: 2, pageSize: 3))
    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .loadingMore),
        .list(1...3, .idle(hasMore: true)), .list(1...3, .loadingMore),
        .list(1...5, .idle(hasMore: false)),
      ])
    #expect(events.values == [.toast(failure.expectedError.message)])
  }

  @Test(arguments: InjectedFailure.allCases)
  func searchFailureShowsTheErrorScreenAndRetypingRetries(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = await loadedList(client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.search("x")
    scheduler.advance(by: UserListViewModel.searchDebounce)
    await client.waitForRequests(2)
    client.fail(1, with: failure.error)
    await settle(viewModel)
    viewModel.search("x")
    scheduler.advance(by: UserListViewModel.searchDebounce)
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(7...7, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)), .loading(query: "x"),
        .failed(query: "x", error: failure.expectedError), .loading(query: "x"),
        .list(7...7, query: "x", .idle(hasMore: false)),
      ])
    #expect(events.values == [])
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailLoadFailureShowsTheErrorAndARetryWorks(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = UserDetailViewModel(userID: 4, client: client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    client.fail(0, with: failure.error)
    await settle(viewModel)
    viewModel.refresh()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.user(4))
    await settle(viewModel)

    #expect(client.requests == [.user(id: 4), .user(id: 4)])
    #expect(
      states.values == [
        .idle, .loading, .failed(failure.expectedError), .loading,
        .loaded(TestUsers.user(4), isRefreshing: false),
      ])
    #expect(events.values == [])
  }

  @Test(arguments: InjectedFailure.allCases)
  func detailRefreshFailureKeepsTheUserAndToastsOnce(_ failure: InjectedFailure) async {
    let client = ControlledUserClient()
    let viewModel = UserDetailViewModel(userID: 4, client: client)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.user(4))
    await settle(viewModel)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.fail(1, with: failure.error)
    await settle(viewModel)

    let user = TestUsers.user(4)
    #expect(
      states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
    #expect(events.values == [.toast(failure.expectedError.message)])
  }
}
