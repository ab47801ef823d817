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
  func anAwaitedRefreshReturnsOnceTheNewListIsShown(_ caller: Caller) async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    let (refreshing, refresh) = list.screen.recordReturn(as: "refresh()") {
      [viewModel = list.viewModel] in await viewModel.refresh()
    }
    await list.screen.expect(list.state, .list(1...3, .refreshing))
    if caller == .isCancelled { refreshing.cancel() }
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(4...5, hasMore: false))
    await refreshing.value

    await list.screen.expect(list.state, .list(4...5, .idle(hasMore: false)))
    await list.screen.expect(refresh, "returned")
    #expect(list.calls.cancelledRequests == [])
    await list.screen.finish()
  }

  /// A failed refresh with the list loaded stays a toast (the list still shows its data), sent
  /// before the awaited refresh returns.
  @Test func anAwaitedRefreshThatFailsReturnsAfterTheToast() async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)

    let (refreshing, refresh) = list.screen.recordReturn(as: "refresh()") {
      [viewModel = list.viewModel] in await viewModel.refresh()
    }
    await list.screen.fail(list.calls, 1, with: UserClientError.httpStatus(500))
    await refreshing.value

    await list.screen.expect(
      list.state, .list(1...3, .refreshing), .list(1...3, .idle(hasMore: true)))
    await list.screen.expect(
      list.events, .toast("The server is having trouble right now. Please try again later."))
    await list.screen.expect(refresh, "returned")
    await list.screen.finish()
  }

  @Test func anAwaitedRefreshDuringTheFirstLoadWaitsForThatLoad() async {
    let list = UserListScreen()
    list.viewModel.load()

    let (refreshing, refresh) = list.screen.recordReturn(as: "refresh()") {
      [viewModel = list.viewModel] in await viewModel.refresh()
    }
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...2, hasMore: false))
    await refreshing.value

    await list.screen.expect(
      list.state, .idle, .loading(query: ""), .list(1...2, .idle(hasMore: false)))
    await list.screen.expect(refresh, "returned")
    #expect(list.calls.requests.count == 1, "the refresh started no second request")
    await list.screen.finish()
  }

  @Test func cancelEndsAnAwaitedRefreshAndPutsTheListBack() async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    await list.beginWithList(1...3, hasMore: true)
    let (refreshing, refresh) = list.screen.recordReturn(as: "refresh()") {
      [viewModel = list.viewModel] in await viewModel.refresh()
    }
    await list.screen.expect(list.state, .list(1...3, .refreshing))

    list.viewModel.cancel()
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(7...9, hasMore: false))
    await refreshing.value

    await list.screen.expect(list.state, .list(1...3, .idle(hasMore: true)))
    await list.screen.expect(refresh, "returned")
    await list.screen.finish()  // the late answer is applied by then, if at all
  }

  /// Released by everything else mid-refresh: the awaiting caller holds the view model, as any
  /// method call does, until the refresh ends; then it is freed and nothing more arrives.
  @Test func theAwaitingCallerHoldsTheViewModelOnlyUntilTheRefreshEnds() async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true)
    weak let released = list.viewModel
    let (refreshing, refresh) = list.screen.recordReturn(as: "refresh()") {
      [viewModel = list.viewModel] in await viewModel.refresh()
    }
    await list.screen.expect(list.state, .list(1...3, .refreshing))

    list.releaseViewModel()
    #expect(released != nil, "the caller of refresh() holds it")
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(4...4, hasMore: false))
    await refreshing.value

    await list.screen.expect(list.state, .list(4...4, .idle(hasMore: false)))
    await list.screen.expect(refresh, "returned")
    #expect(released == nil)
    await list.screen.finish()  // nothing more arrives
  }

  @Test func anAwaitedDetailRefreshReturnsOnceTheUserIsShown() async {
    let detail = UserDetailScreen(userID: 7)
    await detail.beginWithUser()
    let renamed = User(id: 7, name: "Renamed", username: "user7", email: "user7@example.com")

    let (refreshing, refresh) = detail.screen.recordReturn(as: "refresh()") {
      [viewModel = detail.viewModel] in await viewModel.refresh()
    }
    await detail.screen.resolve(detail.calls, 1, with: renamed)
    await refreshing.value

    await detail.screen.expect(
      detail.state, .loaded(TestUsers.user(7), isRefreshing: true),
      .loaded(renamed, isRefreshing: false))
    await detail.screen.expect(refresh, "returned")
    await detail.screen.finish()
  }
}
