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

  /// Drives `screen` until a request of kind `inFlight` is waiting; returns its index.
  private func start(_ inFlight: InFlight, on screen: UserListHarness) async throws -> Int {
    switch inFlight {
    case .firstLoad:
      screen.viewModel.load()
    case .search:
      screen.searchAndPause("q")
    case .refresh, .nextPage, .searchReplacingAList:
      try await screen.beginWithList(1...3, hasMore: true)
      switch inFlight {
      case .refresh: screen.viewModel.startRefresh()
      case .nextPage: screen.viewModel.loadNextPage()
      default: screen.searchAndPause("q")
      }
    }
    let index = screen.calls.requests.count
    await screen.calls.requests(count: index + 1)
    return index
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func cancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    let index = try await start(inFlight, on: screen)
    screen.recordFromHere()
    let busy = screen.states.values

    screen.viewModel.cancel()
    #expect(screen.states.values == busy + [inFlight.settled], "settles inside cancel()")
    answer.deliver(TestUsers.page(20...22, hasMore: true), to: screen.calls, index)
    await screen.settle()
    screen.scheduler.advance(by: .seconds(1))

    #expect(screen.calls.cancelledRequests == [screen.calls.requests[index]])
    #expect(screen.states.values == busy + [inFlight.settled])
    #expect(screen.events.values == [])
    #expect(screen.calls.pendingIndices.isEmpty)
  }

  @Test(arguments: InFlight.allCases, LateAnswer.allCases)
  func releasingTheViewModelMidRequestFreesItAndSendsNothing(
    _ inFlight: InFlight, _ answer: LateAnswer
  ) async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    weak let released = screen.viewModel
    let index = try await start(inFlight, on: screen)
    screen.recordFromHere()
    screen.releaseViewModel()
    let before = screen.states.values

    #expect(released == nil, "a running request must not keep the view model alive")
    answer.deliver(TestUsers.page(20...22, hasMore: true), to: screen.calls, index)
    await screen.settle()

    #expect(screen.calls.cancelledRequests.contains(screen.calls.requests[index]))
    #expect(screen.states.values == before)
    #expect(screen.events.values == [])
  }

  /// Cancelling while the search pause is still running, however far into it: nothing is
  /// fetched, nothing changes, and the next search works.
  @Test(arguments: [0, 100, 299])
  func cancelDropsASearchStillWaitingForItsDebounce(pausedFor milliseconds: Int) async throws {
    let screen = UserListHarness()
    screen.viewModel.search("a")
    screen.scheduler.advance(by: .milliseconds(milliseconds))
    screen.viewModel.cancel()
    screen.scheduler.advance(by: .seconds(1))

    #expect(screen.states.values == [.idle])
    #expect(screen.calls.requests == [])
    #expect(screen.tasks.unfinishedCount == 0)

    screen.searchAndPause("b")
    try await screen.succeed(0, with: UserPage(users: [], hasMore: false))

    #expect(screen.calls.requests == [.list(query: "b", page: 1, pageSize: 3)])
    #expect(screen.states.values == [.idle, .loading(query: "b"), .empty(query: "b")])
  }

  @Test func cancelWhenNothingRunsChangesNothing() async {
    let screen = UserListHarness()
    screen.viewModel.cancel()
    screen.viewModel.cancel()
    #expect(screen.states.values == [.idle])
  }

  /// The detail screen: cancelling a load or a refresh, and `back()` mid-request.
  enum DetailInFlight: String, CaseIterable, Sendable {
    case load, refresh, backDuringLoad
  }

  @Test(arguments: DetailInFlight.allCases, LateAnswer.allCases)
  func detailCancelSettlesAtOnceAndALateAnswerChangesNothing(
    _ inFlight: DetailInFlight, _ answer: LateAnswer
  ) async throws {
    let screen = UserDetailHarness(userID: 4, whenCancelled: .keepsWaitingForAnswer)
    let user = TestUsers.user(4)
    if inFlight == .refresh {
      try await screen.beginWithUser()
      screen.viewModel.startRefresh()
    } else {
      screen.viewModel.load()
    }
    let index = inFlight == .refresh ? 1 : 0
    await screen.calls.requests(count: index + 1)
    screen.recordFromHere()

    if inFlight == .backDuringLoad {
      screen.viewModel.back()
    } else {
      screen.viewModel.cancel()
    }
    let settled: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: false) : .idle
    let busy: UserDetailState = inFlight == .refresh ? .loaded(user, isRefreshing: true) : .loading
    #expect(screen.states.values == [busy, settled])
    answer.deliver(TestUsers.user(5), to: screen.calls, index)
    await screen.settle()

    #expect(screen.calls.cancelledRequests == [4])
    #expect(screen.states.values == [busy, settled])
    #expect(screen.events.values == (inFlight == .backDuringLoad ? [.close] : []))
  }
}
