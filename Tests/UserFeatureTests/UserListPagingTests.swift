import SignalsTesting
import Testing

@testable import UserFeature

/// Paging: append, no duplicate concurrent page loads, end reached, failures keep the list.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserListPagingTests {
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

  @Test func nextPagesAreAppendedUntilTheEnd() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(4...6, hasMore: true))
    await settle(viewModel)
    viewModel.loadNextPage()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(7...7, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...6, .idle(hasMore: true)),
        .list(1...6, .loadingMore),
        .list(1...7, .idle(hasMore: false)),
      ])
    #expect(
      client.requests == [
        .list(query: "", page: 1, pageSize: 3), .list(query: "", page: 2, pageSize: 3),
        .list(query: "", page: 3, pageSize: 3),
      ])
  }

  @Test func atTheEndLoadNextPageDoesNothing() async {
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: false))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()

    #expect(viewModel.unfinishedTasks.count == 0)
    #expect(client.requests.count == 1)
    #expect(states.values == [.list(1...2, .idle(hasMore: false))])
  }

  @Test func repeatedLoadNextPageStartsOneRequest() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()
    viewModel.loadNextPage()
    viewModel.loadNextPage()
    #expect(viewModel.unfinishedTasks.count == 1)
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(4...6, hasMore: true))
    await settle(viewModel)

    #expect(client.requests.count == 2)
    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...6, .idle(hasMore: true)),
      ])
  }

  @Test func beforeAnythingIsShownLoadNextPageDoesNothing() {
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()

    #expect(viewModel.unfinishedTasks.count == 0)
    #expect(states.values == [.idle])
  }

  @Test func aFailedPageKeepsTheListSendsAToastAndCanBeRetried() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    client.fail(1, with: UserClientError.transport(URLErrorFactory.timedOut))
    await settle(viewModel)
    viewModel.loadNextPage()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(4...4, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...4, .idle(hasMore: false)),
      ])
    #expect(
      events.values == [.toast("The server is taking too long to respond. Please try again.")])
    #expect(client.requests[2] == .list(query: "", page: 2, pageSize: 3))
  }

  @Test func usersAlreadyShownAreNotAppendedAgain() async {
    let viewModel = await makeLoadedViewModel()
    let states = Recorder(viewModel.state)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    // The server's list shifted: user 3 moved onto page 2.
    client.succeed(1, with: TestUsers.page(3...5, hasMore: false))
    await settle(viewModel)

    #expect(states.last == .list(1...5, .idle(hasMore: false)))
  }

  @Test func aRefreshRestartsPagingFromPageTwo() async {
    let viewModel = await makeLoadedViewModel()
    viewModel.loadNextPage()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(4...6, hasMore: true))
    await settle(viewModel)

    viewModel.refresh()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)
    viewModel.loadNextPage()
    await client.waitForRequests(4)

    #expect(client.requests[3] == .list(query: "", page: 2, pageSize: 3))
    client.succeed(3, with: TestUsers.page(4...6, hasMore: false))
    await settle(viewModel)
  }
}
