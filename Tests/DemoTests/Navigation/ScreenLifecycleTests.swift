import DemoShared
import Signals
import SignalsConcurrency
import SignalsTesting
import Testing
import UserFeature

@testable import ConsoleKit
@testable import Demo

/// What the screens bind, draw and release, driven in-process with virtual time.
@MainActor
@Suite struct ScreenLifecycleTests {
  /// What the view models show for the offline client's scripted failures.
  private static let offlineMessage = UserFacingError(FailurePolicy.defaultError).message

  /// State is drawn, events are announced once: a failed refresh draws the refreshing list,
  /// then the restored list, then one toast. After opening a user and going back, the list is
  /// drawn again from its state, and the toast is not repeated.
  @Test func stateIsRedrawnOnRebindButEventsAreNot() async throws {
    let display = RecordingDisplay()
    let session = try DemoSession(failingRequests: [1], display: display)
    await session.app.start()
    let users = Array(session.client.allUsers.prefix(10))
    let list = UserListContent(query: "", users: users, activity: .idle(hasMore: true))
    let refreshing = UserListContent(query: "", users: users, activity: .refreshing)
    // Bound before the first load starts: the idle state is drawn first (a blank screen).
    #expect(
      display.calls == [
        .show(UserListState.idle.screenContent),
        .show(UserListState.loading(query: "").screenContent),
        .show(UserListState.loaded(list).screenContent),
        .ready,
      ])

    var mark = display.calls.count
    #expect(await session.app.handle("reload"))
    #expect(
      display.calls(after: mark) == [
        .command("reload"),
        .show(UserListState.loaded(refreshing).screenContent),
        .show(UserListState.loaded(list).screenContent),
        .toast(TerminalText(sanitizing: Self.offlineMessage)),
        .ready,
      ])

    #expect(await session.app.handle("open 1"))
    mark = display.calls.count
    #expect(await session.app.handle("back"))
    #expect(
      display.calls(after: mark) == [
        .command("back"),
        .show(UserListState.loaded(list).screenContent),
        .ready,
      ])
  }

  /// Navigation is a request sent as an event, and the list binds only while it is on top: the
  /// first request pushes the detail screen, which covers the list and ends its subscriptions,
  /// so a second request in quick succession reaches nobody. The guard is the container's.
  @Test func selectingTwiceInQuickSuccessionPushesOneDetailScreen() async throws {
    let session = try DemoSession()
    await session.app.start()
    let list = try #require(session.app.navigation.top as? UserListScreen)
    let users = session.client.allUsers
    list.viewModel.select(users[0])
    list.viewModel.select(users[1])  // a double tap, before the first push is drawn
    #expect(session.app.navigation.screens.count == 2)
    let detail = try #require(session.app.navigation.top as? UserDetailScreen)
    #expect(detail.viewModel.userID == users[0].id)
  }

  /// Also when traced: the trace holds nothing that keeps a screen or a view model alive.
  @Test(arguments: [false, true])
  func poppedDetailScreenAndItsViewModelAreReleased(tracing: Bool) async throws {
    let session = try DemoSession(tracing: tracing)
    await session.app.start()
    #expect(await session.app.handle("open 2"))
    weak var screen: UserDetailScreen?
    weak var viewModel: UserDetailViewModel?
    do {
      let top = try #require(session.app.navigation.top as? UserDetailScreen)
      screen = top
      viewModel = top.viewModel
    }
    #expect(screen != nil)
    #expect(viewModel != nil)

    #expect(await session.app.handle("back"))

    #expect(screen == nil)
    #expect(viewModel == nil)
    #expect(session.app.navigation.screens.count == 1)
    #expect(session.app.navigation.top is UserListScreen)
  }

  /// The test keeps the popped screen's view model alive and drives it: its state changes and
  /// it sends a toast, yet nothing more is printed, because the screen's subscriptions ended.
  @Test func poppedScreenPrintsNothingMore() async throws {
    // Request 0: the list, 1: the user, 2: the refresh below, which fails.
    let session = try DemoSession(failingRequests: [2])
    await session.app.start()
    #expect(await session.app.handle("open 1"))
    let viewModel = try #require((session.app.navigation.top as? UserDetailScreen)?.viewModel)
    #expect(await session.app.handle("back"))
    let printedBeforeRefresh = session.transcript
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.startRefresh()
    await viewModel.state.waitUntil { !$0.isBusy }

    let user = session.client.allUsers[0]
    #expect(
      states.values == [
        .loaded(user, isRefreshing: false),
        .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
    #expect(events.values == [.toast(Self.offlineMessage)])
    #expect(session.transcript == printedBeforeRefresh)
  }

  /// A covered screen is unbound: its view model's changes print nothing until it is on top
  /// again, and then it draws its current state.
  @Test func coveredScreenDrawsNothingUntilUncovered() async throws {
    let session = try DemoSession()
    await session.app.start()
    let listScreen = try #require(session.app.navigation.top as? UserListScreen)
    let listViewModel = listScreen.viewModel
    #expect(await session.app.handle("open 1"))
    let printedWhileCovered = session.transcript
    let states = Recorder(listViewModel.state)

    listViewModel.search("zzz")
    session.scheduler.run()
    await listViewModel.state.waitUntil { $0 == .empty(query: "zzz") }

    #expect(states.values.count == 3)  // the list, loading "zzz", empty
    #expect(session.transcript == printedWhileCovered)
    #expect(await session.app.handle("back"))
    #expect(
      session.transcript.dropFirst(printedWhileCovered.count) == """
        > back
        == Users: matching "zzz" ==
          No users match "zzz".
          Try another search, or 'search' alone to see everyone.

        """)
  }
}
