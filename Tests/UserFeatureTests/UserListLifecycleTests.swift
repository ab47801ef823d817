import SignalsTesting
import Testing

@testable import UserFeature

/// Navigation as an event, cancellation that settles and stays quiet, deallocation mid-request.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserListLifecycleTests {
  let scheduler = TestScheduler()

  @Test func selectingAUserSendsOneNavigationEventAndChangesNoState() {
    let viewModel = UserListViewModel(
      client: ControlledUserClient(), scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.select(TestUsers.user(7))
    let lateSubscriber = Recorder(viewModel.events)

    #expect(events.values == [.showDetail(7)])
    #expect(states.values == [.idle])
    #expect(lateSubscriber.values == [])
  }

  @Test func cancelDuringTheFirstLoadSettlesToIdleAndALateAnswerChangesNothing() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    viewModel.cancel()
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)

    #expect(client.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    #expect(states.values == [.idle, .loading(query: ""), .idle])
    #expect(events.values == [])
  }

  @Test func afterCancelLoadStartsAgain() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    viewModel.cancel()
    viewModel.load()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.page(1...1, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .idle, .loading(query: ""), .idle, .loading(query: ""), .list(1...1, .idle(hasMore: false)),
      ])
  }

  @Test func cancelDuringARefreshOrAPageLoadPutsTheListBack() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    await settle(viewModel)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    await client.waitForRequests(2)
    viewModel.cancel()
    viewModel.loadNextPage()
    await client.waitForRequests(3)
    viewModel.cancel()
    client.fail(1, with: UserClientError.httpStatus(500))
    client.succeed(2, with: TestUsers.page(4...6, hasMore: false))
    await settle(viewModel)

    #expect(
      states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .idle(hasMore: true)),
      ])
    #expect(events.values == [])
  }

  @Test func cancelDropsAPendingSearchButSearchWorksAfterwards() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.search("a")
    scheduler.advance(by: .milliseconds(100))
    viewModel.cancel()
    scheduler.advance(by: .seconds(1))
    #expect(states.values == [.idle])
    #expect(viewModel.unfinishedTasks.count == 0)

    viewModel.search("b")
    scheduler.advance(by: .milliseconds(300))
    await client.waitForRequests(1)
    client.succeed(0, with: UserPage(users: [], hasMore: false))
    await settle(viewModel)

    #expect(client.requests == [.list(query: "b", page: 1, pageSize: 3)])
    #expect(states.values == [.idle, .loading(query: "b"), .empty(query: "b")])
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async throws {
    let client = ControlledUserClient(ignoresCancellation: true)
    var viewModel: UserListViewModel? = UserListViewModel(
      client: client, scheduler: scheduler, pageSize: 3)
    weak let released = viewModel
    let states = Recorder(try #require(viewModel).state)
    let events = Recorder(try #require(viewModel).events)

    viewModel?.load()
    await client.waitForRequests(1)
    let tasks = viewModel?.unfinishedTasks ?? []
    viewModel = nil

    #expect(released == nil)
    #expect(client.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
    for task in tasks {
      await task.value
    }
    #expect(states.values == [.idle, .loading(query: "")])
    #expect(events.values == [])
  }

  @Test func aViewModelReleasedDuringTheSearchPauseCancelsTheDebounce() throws {
    let client = ControlledUserClient()
    var viewModel: UserListViewModel? = UserListViewModel(
      client: client, scheduler: scheduler, pageSize: 3)
    weak let released = viewModel
    let states = Recorder(try #require(viewModel).state)

    viewModel?.search("a")
    #expect(scheduler.pendingCount == 1)
    viewModel = nil

    #expect(released == nil)
    #expect(scheduler.pendingCount == 0)
    scheduler.advance(by: .seconds(1))
    #expect(states.values == [.idle])
    #expect(client.requests == [])
  }
}
