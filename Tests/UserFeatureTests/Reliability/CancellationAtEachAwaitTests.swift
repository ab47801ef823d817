import SignalsTesting
import Testing

@testable import UserFeature

/// Cancellation at every await point: the view model is cancelled (or released) while each kind
/// of request is in flight. The state settles inside `cancel()` and never changes afterwards,
/// even when the server's answer arrives late anyway (the fake ignores cancellation, like a
/// response already on the wire), and a late answer sends no event.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CancellationAtEachAwaitTests {
  /// Which request is in flight when the test cancels.
  enum InFlight: String, CaseIterable, Sendable {
    case firstLoad, refresh, nextPage, search, searchReplacingAList

    /// The state `cancel()` must settle on. A search that replaced a list had already taken
    /// the list off screen (it shows `loading`), so cancelling it settles on `idle`, as
    /// documented for a cancelled first-page load.
    var settled: UserListState {
      switch self {
      case .firstLoad, .search, .searchReplacingAList: .idle
      case .refresh, .nextPage: .list(1...3, .idle(hasMore: true))
      }
    }
  }

  /// How the late answer of the cancelled request arrives.
  enum LateAnswer: String, CaseIterable, Sendable {
    case success, failure
  }

  let scheduler = TestScheduler()

  /// Drives `viewModel` until a request of kind `inFlight` is waiting in `client`; returns its
  /// index.
  private func start(
    _ inFlight: InFlight, _ viewModel: UserListViewModel, _ client: ControlledUserClient
  ) async -> Int {
    switch inFlight {
    case .firstLoad:
      viewModel.load()
    case .search:
      viewModel.search("q")
      scheduler.advance(by: UserListViewModel.searchDebounce)
    case .refresh, .nextPage, .searchReplacingAList:
      viewModel.load()
      await client.waitForRequests(1)
      client.succeed(0, with: TestUsers.page(1...3, hasMore: true))
      await settle(viewModel)
      switch inFlight {
      case .refresh: viewModel.refresh()
      case .nextPage: viewModel.loadNextPage()
      default:
        viewModel.search("q")
        scheduler.advance(by: UserListViewModel.searchDebounce)
      }
    }
    let index = client.requests.count
    await client.waitForRequests(index + 1)
    return client.requests.count - 1
  }

  private func answerLate(
    _ answer: LateAnswer, _ index: Int, _ client: ControlledUserClient
  ) {
    switch answer {
    case .success: client.succeed(index, with: TestUsers.page(20...22, hasMore: true))
    case .failure: client.fail(index, with: UserClientError.httpStatus(500))
    }
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func cancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let index = await start(inFlight, viewModel, client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)
    let busy = states.values

    viewModel.cancel()
    #expect(states.values == busy + [inFlight.settled], "settles inside cancel()")
    answerLate(answer, index, client)
    await settle(viewModel)
    scheduler.advance(by: .seconds(1))

    #expect(client.cancelledRequests == [client.requests[index]])
    #expect(states.values == busy + [inFlight.settled])
    #expect(events.values == [])
    #expect(client.pendingRequests.isEmpty)
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func releasingTheViewModelMidRequestFreesItAndSendsNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async {
    let client = ControlledUserClient(ignoresCancellation: true)
    weak var released: UserListViewModel?
    var tasks: [Task<Void, Never>] = []
    var index = -1
    let states: Recorder<UserListState>
    let events: Recorder<UserListEvent>
    do {
      let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
      released = viewModel
      index = await start(inFlight, viewModel, client)
      states = Recorder(viewModel.state)
      events = Recorder(viewModel.events)
      tasks = viewModel.unfinishedTasks
    }
    let before = states.values

    #expect(released == nil, "a running request must not keep the view model alive")
    answerLate(answer, index, client)
    for task in tasks {
      await task.value
    }
    scheduler.advance(by: .seconds(1))

    #expect(client.cancelledRequests.contains(client.requests[index]))
    #expect(states.values == before)
    #expect(events.values == [])
  }

  @Test func cancelDropsASearchStillWaitingForItsDebounce() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)

    viewModel.search("q")
    scheduler.advance(by: .milliseconds(299))
    viewModel.cancel()
    scheduler.advance(by: .seconds(1))

    #expect(states.values == [.idle])
    #expect(client.requests == [])
    #expect(viewModel.unfinishedTasks.isEmpty)
  }

  @Test func cancelWhenNothingRunsChangesNothing() async {
    let client = ControlledUserClient()
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 3)
    let states = Recorder(viewModel.state)
    viewModel.cancel()
    viewModel.cancel()
    #expect(states.values == [.idle])
  }

  /// The detail screen: cancelling a load or a refresh, and `back()` mid-request.
  enum DetailInFlight: String, CaseIterable, Sendable {
    case load, refresh, backDuringLoad
  }

  @Test(arguments: DetailInFlight.allCases, LateAnswer.allCases)
  func detailCancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: DetailInFlight, _ answer: LateAnswer
  ) async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserDetailViewModel(userID: 4, client: client)
    let user = TestUsers.user(4)
    if inFlight == .refresh {
      viewModel.load()
      await client.waitForRequests(1)
      client.succeed(0, with: user)
      await settle(viewModel)
      viewModel.refresh()
    } else {
      viewModel.load()
    }
    let index = inFlight == .refresh ? 1 : 0
    await client.waitForRequests(index + 1)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    if inFlight == .backDuringLoad {
      viewModel.back()
    } else {
      viewModel.cancel()
    }
    let settled: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: false) : .idle
    let busy: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: true) : .loading
    #expect(states.values == [busy, settled])
    switch answer {
    case .success: client.succeed(index, with: TestUsers.user(5))
    case .failure: client.fail(index, with: UserClientError.httpStatus(500))
    }
    await settle(viewModel)

    #expect(client.cancelledRequests == [.user(id: 4)])
    #expect(states.values == [busy, settled])
    #expect(events.values == (inFlight == .backDuringLoad ? [.close] : []))
  }
}
