import SignalsTesting
import Testing

@testable import UserFeature

/// Cancellation at every await point: the view model is cancelled (or released) while each kind
/// of request is in flight. The state settles inside `cancel()` and never changes afterwards,
/// even when the server's answer arrives late anyway (the fake keeps waiting for it, like a
/// response already on the wire), and a late answer sends no event.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CancellationAtEachAwaitTests {
  /// Which request is in flight when the test cancels.
  enum InFlight: String, CaseIterable, Sendable {
    case firstLoad, refresh, nextPage, search, searchReplacingAList

    /// The state shown while the request is in flight.
    var busy: UserListState {
      switch self {
      case .firstLoad: .loading(query: "")
      case .search, .searchReplacingAList: .loading(query: "q")
      case .refresh: .list(1...3, .refreshing)
      case .nextPage: .list(1...3, .loadingMore)
      }
    }

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

    /// Answers call `index` of `call`: with `response`, or with a server error.
    func deliver<Request, Response>(
      _ response: Response, to call: ControlledCall<Request, Response>, _ index: Int
    ) {
      switch self {
      case .success: call.resolve(index, with: response)
      case .failure: call.fail(index, with: UserClientError.httpStatus(500))
      }
    }
  }

  /// Drives `list` until a request of kind `inFlight` is waiting, asserting the states on the
  /// way there; returns the request's index.
  private func start(_ inFlight: InFlight, on list: UserListScreen) async -> Int {
    switch inFlight {
    case .firstLoad:
      list.viewModel.load()
      await list.screen.expect(list.state, .idle, inFlight.busy)
    case .search:
      await list.searchAndPause("q")
      await list.screen.expect(list.state, .idle, inFlight.busy)
    case .refresh, .nextPage, .searchReplacingAList:
      await list.beginWithList(1...3, hasMore: true)
      switch inFlight {
      case .refresh: list.viewModel.startRefresh()
      case .nextPage: list.viewModel.loadNextPage()
      default: await list.searchAndPause("q")
      }
      await list.screen.expect(list.state, inFlight.busy)
    }
    return list.calls.requests.count - 1
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func cancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    let index = await start(inFlight, on: list)

    list.viewModel.cancel()
    #expect(list.viewModel.state.value == inFlight.settled, "settles inside cancel()")
    answer.deliver(TestUsers.page(20...22, hasMore: true), to: list.calls, index)
    await list.screen.settle()
    await list.screen.advance(by: .seconds(1))

    #expect(list.calls.cancelledRequests == [list.calls.requests[index]])
    await list.screen.expect(list.state, inFlight.settled)
    #expect(list.calls.pendingIndices.isEmpty)
    await list.screen.finish()
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func releasingTheViewModelMidRequestFreesItAndSendsNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    weak let released = list.viewModel
    let index = await start(inFlight, on: list)
    list.releaseViewModel()

    #expect(released == nil, "a running request must not keep the view model alive")
    answer.deliver(TestUsers.page(20...22, hasMore: true), to: list.calls, index)
    await list.screen.settle()

    #expect(list.calls.cancelledRequests.contains(list.calls.requests[index]))
    await list.screen.finish()
  }

  /// Cancelling while the search pause is still running, however far into it: nothing is
  /// fetched, nothing changes, and the next search works.
  @Test(arguments: [0, 100, 299])
  func cancelDropsASearchStillWaitingForItsDebounce(pausedFor milliseconds: Int) async {
    let list = UserListScreen()
    list.viewModel.search("a")
    await list.screen.advance(by: .milliseconds(milliseconds))
    list.viewModel.cancel()
    await list.screen.advance(by: .seconds(1))

    await list.screen.expect(list.state, .idle)
    #expect(list.calls.requests == [])
    #expect(list.tasks.unfinishedCount == 0)

    await list.searchAndPause("b")
    await list.screen.resolve(list.calls, 0, with: UserPage(users: [], hasMore: false))

    #expect(list.calls.requests == [.list(query: "b", page: 1, pageSize: 3)])
    await list.screen.expect(list.state, .loading(query: "b"), .empty(query: "b"))
    await list.screen.finish()
  }

  @Test func cancelWhenNothingRunsChangesNothing() async {
    let list = UserListScreen()
    list.viewModel.cancel()
    list.viewModel.cancel()
    await list.screen.expect(list.state, .idle)
    await list.screen.finish()
  }

  /// The detail screen: cancelling a load or a refresh, and `back()` mid-request.
  enum DetailInFlight: String, CaseIterable, Sendable {
    case load, refresh, backDuringLoad
  }

  @Test(arguments: DetailInFlight.allCases, LateAnswer.allCases)
  func detailCancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: DetailInFlight, _ answer: LateAnswer
  ) async {
    let detail = UserDetailScreen(userID: 4, whenCancelled: .keepsWaitingForAnswer)
    let user = TestUsers.user(4)
    let settled: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: false) : .idle
    let busy: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: true) : .loading
    if inFlight == .refresh {
      await detail.beginWithUser()
      detail.viewModel.startRefresh()
    } else {
      detail.viewModel.load()
      await detail.screen.expect(detail.state, .idle)
    }
    await detail.screen.expect(detail.state, busy)
    let index = inFlight == .refresh ? 1 : 0

    if inFlight == .backDuringLoad {
      detail.viewModel.back()
    } else {
      detail.viewModel.cancel()
    }
    #expect(detail.viewModel.state.value == settled, "settles inside cancel()")
    answer.deliver(TestUsers.user(5), to: detail.calls, index)

    await detail.screen.expect(detail.state, settled)
    if inFlight == .backDuringLoad { await detail.screen.expect(detail.events, .close) }
    #expect(detail.calls.cancelledRequests == [4])
    await detail.screen.finish()
  }
}
