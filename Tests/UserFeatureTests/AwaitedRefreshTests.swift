import SignalsTesting
import Testing

@testable import UserFeature

/// `refresh() async`, for SwiftUI's `.refreshable`: it returns once the refresh it started (or
/// the request already running) has finished and its outcome is on screen.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct AwaitedRefreshTests {
  /// Who awaits `refresh()`: a task that waits for it, or one cancelled meanwhile.
  enum Caller: Sendable, CaseIterable {
    case waits
    /// SwiftUI cancels a `.refreshable` action when the view goes away.
    case isCancelled
  }

  /// The view model owns the refresh: cancelling the task that awaits it neither cancels the
  /// request nor ends the wait before the outcome is shown.
  @Test(arguments: Caller.allCases)
  func anAwaitedRefreshReturnsOnceTheNewListIsShown(_ caller: Caller) async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    let refreshing = Task {
      await screen.viewModel.refresh()
      return screen.states.values
    }
    await screen.calls.requests(count: 2)
    if caller == .isCancelled { refreshing.cancel() }
    screen.calls.resolve(1, with: TestUsers.page(4...5, hasMore: false))

    #expect(
      await refreshing.value == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing),
        .list(4...5, .idle(hasMore: false)),
      ])
    #expect(screen.calls.cancelledRequests == [])
  }

  /// A failed refresh with the list loaded stays a toast (the list still shows its data), sent
  /// before the awaited refresh returns.
  @Test func anAwaitedRefreshThatFailsReturnsAfterTheToast() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)

    let refreshing = Task {
      await screen.viewModel.refresh()
      return (screen.states.values.last, screen.events.values)
    }
    await screen.calls.requests(count: 2)
    screen.calls.fail(1, with: UserClientError.httpStatus(500))

    let (state, events) = await refreshing.value
    #expect(state == .list(1...3, .idle(hasMore: true)))
    #expect(events == [.toast("The server is having trouble right now. Please try again later.")])
  }

  @Test func anAwaitedRefreshDuringTheFirstLoadWaitsForThatLoad() async throws {
    let screen = UserListHarness()
    screen.viewModel.load()

    let refreshing = Task {
      await screen.viewModel.refresh()
      return screen.states.values.last
    }
    await screen.calls.requests(count: 1)
    screen.calls.resolve(0, with: TestUsers.page(1...2, hasMore: false))

    #expect(await refreshing.value == .list(1...2, .idle(hasMore: false)))
    #expect(screen.calls.requests.count == 1, "the refresh started no second request")
  }

  @Test func cancelEndsAnAwaitedRefreshAndPutsTheListBack() async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    try await screen.beginWithList(1...3, hasMore: true)
    let refreshing = Task { await screen.viewModel.refresh() }
    await screen.calls.requests(count: 2)

    screen.viewModel.cancel()
    screen.calls.resolve(1, with: TestUsers.page(7...9, hasMore: false))
    await refreshing.value
    await screen.settle()  // the late answer is applied by then, if at all

    #expect(
      screen.states.values == [
        .list(1...3, .idle(hasMore: true)), .list(1...3, .refreshing),
        .list(1...3, .idle(hasMore: true)),
      ])
    #expect(screen.events.values.isEmpty)
  }

  /// Released by everything else mid-refresh: the awaiting caller holds the view model, as any
  /// method call does, until the refresh ends; then it is freed and nothing more arrives.
  @Test func theAwaitingCallerHoldsTheViewModelOnlyUntilTheRefreshEnds() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true)
    weak let released = screen.viewModel
    let refreshing = Task { [viewModel = screen.viewModel] in await viewModel.refresh() }
    await screen.calls.requests(count: 2)

    screen.releaseViewModel()
    #expect(released != nil, "the caller of refresh() holds it")
    screen.calls.resolve(1, with: TestUsers.page(4...4, hasMore: false))
    await refreshing.value
    let shown = screen.states.values
    await screen.settle()

    #expect(released == nil)
    #expect(screen.states.values.last == .list(4...4, .idle(hasMore: false)))
    #expect(screen.states.values == shown, "nothing more arrives")
    #expect(screen.events.values.isEmpty)
  }

  @Test func anAwaitedDetailRefreshReturnsOnceTheUserIsShown() async throws {
    let screen = UserDetailHarness(userID: 7)
    try await screen.beginWithUser()
    let renamed = User(id: 7, name: "Renamed", username: "user7", email: "user7@example.com")

    let refreshing = Task {
      await screen.viewModel.refresh()
      return screen.states.values.last
    }
    await screen.calls.requests(count: 2)
    screen.calls.resolve(1, with: renamed)

    #expect(await refreshing.value == .loaded(renamed, isRefreshing: false))
  }
}
