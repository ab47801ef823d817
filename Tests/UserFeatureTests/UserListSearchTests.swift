import SignalsTesting
import Testing

@testable import UserFeature

/// Search: 300 ms debounce on the injected scheduler, only the last query fetched, latest wins.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserListSearchTests {
  let scheduler = TestScheduler()

  @Test func nothingIsFetchedUntilTypingPausesFor300Milliseconds() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state, scheduler: scheduler)

    viewModel.search("ann")
    scheduler.advance(by: .milliseconds(299))
    #expect(states.values == [.idle])
    #expect(viewModel.unfinishedTasks.count == 0)

    scheduler.advance(by: .milliseconds(1))
    #expect(
      states.timedValues == [
        TimedValue(.zero, .idle), TimedValue(.milliseconds(300), .loading(query: "ann")),
      ])
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: false))
    await settle(viewModel)

    #expect(client.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    #expect(states.last == .list(1...2, query: "ann", .idle(hasMore: false)))
  }

  @Test func aDebounceFiringOffTheMainThreadHopsToTheMainActor() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.search("ann")
    // The debounce fires on a background thread; the view model must get it on the main actor.
    await Task.detached { [scheduler] in
      scheduler.advance(by: .milliseconds(300))
    }.value
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: "ann"), .list(1...1, query: "ann", .idle(hasMore: false)),
      ])
  }

  @Test func onlyTheLastQueryTypedWithinTheWindowIsFetched() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state, scheduler: scheduler)

    viewModel.search("a")
    scheduler.advance(by: .milliseconds(200))
    viewModel.search("an")
    scheduler.advance(by: .milliseconds(299))
    viewModel.search("ann")
    scheduler.advance(by: .milliseconds(299))
    #expect(states.values == [.idle])

    scheduler.advance(by: .milliseconds(1))
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    #expect(client.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    #expect(
      states.timedValues == [
        TimedValue(.zero, .idle),
        TimedValue(.milliseconds(799), .loading(query: "ann")),
        TimedValue(.milliseconds(799), .list(1...1, query: "ann", .idle(hasMore: false))),
      ])
  }

  @Test func aNewerQueryCancelsTheOlderRequest() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.search("a")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    viewModel.search("b")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(2)
    #expect(client.cancelledRequests == [.list(query: "a", page: 1, pageSize: 3)])

    client.succeed(1, with: TestUsers.page(2...2, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: "a"), .loading(query: "b"),
        .list(2...2, query: "b", .idle(hasMore: false)),
      ])
  }

  @Test func aLateResponseForAnOlderQueryNeverOverwritesNewerResults() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.search("a")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    viewModel.search("b")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(2)

    client.succeed(1, with: TestUsers.page(2...2, hasMore: false))
    client.succeed(0, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: "a"), .loading(query: "b"),
        .list(2...2, query: "b", .idle(hasMore: false)),
      ])
    #expect(events.values == [])
  }

  @Test func aLateFailureForAnOlderQueryIsIgnoredToo() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.search("a")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    viewModel.search("b")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(2)

    client.fail(0, with: UserClientError.httpStatus(500))
    client.succeed(1, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [.idle, .loading(query: "a"), .loading(query: "b"), .empty(query: "b")])
    #expect(events.values == [])
  }

  @Test func typingBackTheShownQueryFetchesNothing() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.search("ann")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.search("anna")
    scheduler.advance(by: .milliseconds(100))
    viewModel.search(" ann ")
    scheduler.advance(by: .milliseconds(300))

    #expect(viewModel.unfinishedTasks.count == 0)
    #expect(client.requests.count == 1)
    #expect(states.values == [.list(1...1, query: "ann", .idle(hasMore: false))])
  }

  @Test func clearingTheSearchLoadsEveryoneAgain() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    viewModel.search("zz")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    client.succeed(0, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    viewModel.search("")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    #expect(
      client.requests == [
        .list(query: "zz", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 3),
      ])
    #expect(
      states.values == [
        .idle, .loading(query: "zz"), .empty(query: "zz"), .loading(query: ""),
        .list(1...3, .idle(hasMore: true)),
      ])
  }

  @Test func aSearchReplacesARunningFirstLoad() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    viewModel.search("b")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(2...2, hasMore: false))
    await settle(viewModel)

    #expect(client.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    #expect(
      states.values == [
        .idle, .loading(query: ""), .loading(query: "b"),
        .list(2...2, query: "b", .idle(hasMore: false)),
      ])
  }

  @Test func refreshAndPagingUseTheCurrentQuery() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.search("x")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(4...5, hasMore: false))
    await settle(viewModel)
    viewModel.refresh()
    await client.waitForRequests(3)
    client.succeed(2, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    #expect(
      client.requests == [
        .list(query: "x", page: 1, pageSize: 3), .list(query: "x", page: 2, pageSize: 3),
        .list(query: "x", page: 1, pageSize: 3),
      ])
  }
}
