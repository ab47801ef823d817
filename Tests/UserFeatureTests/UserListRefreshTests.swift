import SignalsTesting
import Testing

@testable import UserFeature

/// Refresh keeps the list on screen; a failed refresh is a toast, not a failed state.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserListRefreshTests {
  let client = ControlledUserClient()
  let scheduler = TestScheduler()

  /// A view model showing users 1...3 with more to load, after request 0.
  func makeLoadedViewModel() async -> UserListViewModel {
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)
    return viewModel
  }

  @Test func refreshKeepsTheListThenReplacesIt() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(4...5, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(4...5, .idle(hasMore: false)),
      ])
    #expect(events.values == [])
    #expect(client.requests.last == .list(query: "", page: 1, pageSize: 3))
  }

  @Test func failedRefreshKeepsTheListAndSendsAToast() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.fail(1, with: UserClientError.httpStatus(500))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
      ])
    #expect(
      events.values == [
        .toast("The server is having trouble right now. Please try again later.")
      ])
  }

  @Test func refreshWhileRefreshingStartsNoSecondRequest() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)

    viewModel.refresh()
    viewModel.refresh()
    viewModel.load()
    #expect(viewModel.unfinishedTasks.count == 1)
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    #expect(client.requests.count == 2)
    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
      ])
  }

  @Test func refreshCancelsAPageLoadAndItsLateAnswerIsIgnored() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()
    viewModel.refresh()
    await client.waitForRequests(3)
    #expect(client.cancelledRequests == [.list(query: "", page: 2, pageSize: 3)])
    client.succeed(
      .list(query: "", page: 1, pageSize: 3), with: TestUsers.page(7...9, hasMore: false))
    client.succeed(
      .list(query: "", page: 2, pageSize: 3), with: TestUsers.page(4...6, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .refreshing),
        .list(7...9, .idle(hasMore: false)),
      ])
  }

  @Test func refreshOfAnEmptyResultLoadsAgain() async {
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: ""), .empty(query: ""), .loading(query: ""),
        .list(1...1, .idle(hasMore: false)),
      ])
  }

  @Test func refreshThatFindsNothingShowsEmpty() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)

    viewModel.refresh()
    await client.waitForRequests(2)
    client.succeed(1, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing), .empty(query: ""),
      ])
  }
}
