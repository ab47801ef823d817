import SignalsTesting
import Testing

@testable import UserFeature

/// Navigation as an event, cancellation that settles and stays quiet, deallocation mid-request.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListLifecycleTests {
  @Test func selectingAUserSendsOneNavigationEventAndChangesNoState() {
    let screen = UserListHarness()

    screen.viewModel.select(TestUsers.user(7))
    let lateSubscriber = Recorder(screen.viewModel.events)

    #expect(screen.events.values == [.showDetail(7)])
    #expect(screen.states.values == [.idle])
    #expect(lateSubscriber.values == [])
  }

  @Test func cancelDuringTheFirstLoadSettlesToIdleAndALateAnswerChangesNothing() async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)

    screen.viewModel.cancel()
    try await screen.succeed(0, with: TestUsers.page(1...3, hasMore: true))

    #expect(screen.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    #expect(screen.states.values == [.idle, .loading(query: ""), .idle])
    #expect(screen.events.values == [])
  }

  @Test func afterCancelLoadStartsAgain() async throws {
    let screen = UserListHarness()
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)

    screen.viewModel.cancel()
    screen.viewModel.load()
    try await screen.succeed(1, with: TestUsers.page(1...1, hasMore: false))

    #expect(
      screen.states.values == [
        .idle, .loading(query: ""), .idle, .loading(query: ""), .list(1...1, .idle(hasMore: false)),
      ])
  }

  @Test func cancelDuringARefreshOrAPageLoadPutsTheListBack() async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.startRefresh()
    _ = try await screen.calls.requests(count: 2)
    screen.viewModel.cancel()
    screen.viewModel.loadNextPage()
    _ = try await screen.calls.requests(count: 3)
    screen.viewModel.cancel()
    screen.calls.fail(1, with: UserClientError.httpStatus(500))
    screen.calls.resolve(2, with: TestUsers.page(4...6, hasMore: false))
    await screen.settle()

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
        .list(1...3, .loadingMore),
        .list(1...3, .idle(hasMore: true)),
      ])
    #expect(screen.events.values == [])
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    weak let released = screen.viewModel
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)

    screen.releaseViewModel()

    #expect(released == nil)
    #expect(screen.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    screen.calls.resolve(0, with: TestUsers.page(1...3, hasMore: true))
    await screen.expectSilence()
    #expect(screen.states.values == [.idle, .loading(query: "")])
    #expect(screen.events.values == [])
  }

  @Test func aViewModelReleasedDuringTheSearchPauseCancelsTheDebounce() {
    let screen = UserListHarness()
    weak let released = screen.viewModel

    screen.viewModel.search("a")
    #expect(screen.scheduler.pendingCount == 1)
    screen.releaseViewModel()

    #expect(released == nil)
    #expect(screen.scheduler.pendingCount == 0)
    screen.scheduler.advance(by: .seconds(1))
    #expect(screen.states.values == [.idle])
    #expect(screen.calls.requests == [])
  }
}
