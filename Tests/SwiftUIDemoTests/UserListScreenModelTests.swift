import DemoShared
import Signals
import SignalsTesting
import Testing
import UserFeature

@testable import SwiftUIDemo

/// What the SwiftUI list decides, run here as SwiftUI runs it: `.task` is a task started when
/// the list shows and cancelled when a detail covers it or the list goes away.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct UserListScreenModelTests {
  @Test func aModelSwiftUIDropsHasMadeNoViewModelAndSubscribedToNothing() {
    var made = 0
    let pages = ControlledCall<Int, UserPage>()
    let screen = UserListScreenModel {
      made += 1
      return UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler())
    }
    #expect(made == 0, "every init after the first is dropped: it must cost nothing")

    _ = screen.state.value  // the first body reads the state
    _ = screen.viewModel
    #expect(made == 1, "made once, on first use, and kept")
  }

  @Test func aSecondRequestWhileADetailIsPushedOpensNothing() {
    let screen = Self.screen(ControlledCall())
    screen.handle(.showDetail(Fixtures.ann.id))
    screen.handle(.showDetail(Fixtures.bob.id))  // the second tap of a double tap
    #expect(screen.path == [Fixtures.ann.id])

    screen.path.removeAll()  // Back
    screen.handle(.showDetail(Fixtures.bob.id))
    #expect(screen.path == [Fixtures.bob.id])
  }

  @Test func aDoubleTapThroughTheViewModelPushesOneDetail() async throws {
    let (pages, screen, task) = try await Self.shownScreen()

    screen.viewModel.select(Fixtures.ann)
    screen.viewModel.select(Fixtures.bob)
    // A third event after the two, to know both were handled: a failed refresh's toast.
    try await Self.failRefresh(of: screen, answering: pages)
    #expect(screen.path == [Fixtures.ann.id])
    task.cancel()
    await task.value
  }

  @Test func aToastWhileTheListIsShownIsQueued() async throws {
    let (pages, screen, task) = try await Self.shownScreen()

    try await Self.failRefresh(of: screen, answering: pages)
    #expect(screen.state.value.users == [Fixtures.ann], "the list stays")
    task.cancel()
    await task.value
  }

  @Test func aListCoveredByADetailShowsNoToastOfItsOwn() async throws {
    let (pages, screen, shown) = try await Self.shownScreen()
    screen.viewModel.startRefresh()
    _ = try await pages.requests(count: 2)

    shown.cancel()  // a detail is pushed: SwiftUI cancels the list's task
    await shown.value
    #expect(pages.cancelledIndices == [1], "the list's refresh stopped with its task")
    screen.viewModel.startRefresh()  // even work started while covered...
    _ = try await pages.requests(count: 3)
    pages.fail(2, with: UserClientError.httpStatus(500))
    await screen.refresh()  // ...and finished: nobody is listening
    #expect(screen.toasts.current == nil, "no toast of the list over the detail")
  }

  @Test func aPageSizeChangedInTheSheetAppliesWhenTheSheetGoesAway() async throws {
    let pages = ControlledCall<Int, UserPage>()
    let settings = DemoSettings(pageSize: 10)
    let screen = Self.screen(pages, pageSize: settings.pageSize)
    let task = try await Self.show(screen, answering: pages, pageSize: settings.pageSize)

    settings.pageSize = 20  // in the sheet: nothing reloads under it
    #expect(screen.viewModel.pageSize == 10)
    #expect(!screen.state.value.isRefreshing)

    screen.applyPageSize(settings.pageSize)  // the sheet's onDismiss
    #expect(screen.viewModel.pageSize == 20)
    #expect(screen.state.value.isRefreshing, "the list loads again with the new size")
    _ = try await pages.requests(count: 2)
    pages.resolve(1, with: Fixtures.refreshedPage)
    await settle(until: { !screen.state.value.isRefreshing }, "the reload")

    screen.applyPageSize(settings.pageSize)  // the same size again: nothing
    #expect(!screen.state.value.isRefreshing)
    task.cancel()
    await task.value
  }

  @Test func aPageSizeChangedWhileADetailWasPushedAppliesWhenTheListShowsAgain() async throws {
    let pages = ControlledCall<Int, UserPage>()
    let screen = Self.screen(pages, pageSize: 10)
    let first = try await Self.show(screen, answering: pages, pageSize: 10)
    first.cancel()  // covered
    await first.value

    let again = Task { await screen.runWhileVisible(pageSize: 20) }  // shown again
    _ = try await pages.requests(count: 2)
    #expect(screen.viewModel.pageSize == 20)
    again.cancel()
    await again.value
  }

  @Test func pullToRefreshReturnsOnlyOnceTheRefreshHasFinished() async throws {
    let pages = ControlledCall<Int, UserPage>()
    let screen = Self.screen(pages)
    screen.viewModel.load()
    _ = try await pages.requests(count: 1)
    pages.resolve(0, with: Fixtures.firstPage)
    await settle(until: { screen.state.value.users == [Fixtures.ann] }, "the first page")

    let refreshing = Task {
      await screen.refresh()  // what `.refreshable` awaits
      return screen.viewModel.state.value
    }
    _ = try await pages.requests(count: 2)
    pages.resolve(1, with: Fixtures.refreshedPage)
    let afterwards = await refreshing.value
    #expect(afterwards.users == [Fixtures.ann, Fixtures.bob], "it returned after the refresh")
  }

  /// Shows `screen` as SwiftUI does (its `.task` runs `runWhileVisible(pageSize:)`), answers
  /// its first load with `Fixtures.firstPage` and waits until that is on screen. Returns the
  /// task: cancelling it covers the list.
  private static func show(
    _ screen: UserListScreenModel, answering pages: ControlledCall<Int, UserPage>, pageSize: Int
  ) async throws -> Task<Void, Never> {
    let task = Task { await screen.runWhileVisible(pageSize: pageSize) }
    _ = try await pages.requests(count: 1)
    pages.resolve(0, with: Fixtures.firstPage)
    await settle(until: { screen.state.value.users == [Fixtures.ann] }, "the first page")
    return task
  }

  /// A screen over a new controlled client, shown with its first page (see
  /// ``show(_:answering:pageSize:)``), and the task that shows it.
  private static func shownScreen() async throws -> (
    ControlledCall<Int, UserPage>, UserListScreenModel, Task<Void, Never>
  ) {
    let pages = ControlledCall<Int, UserPage>()
    let screen = screen(pages)
    return (pages, screen, try await show(screen, answering: pages, pageSize: 10))
  }

  /// Starts a refresh of the list `show` put on screen, fails it (HTTP 500) and waits until
  /// its toast is queued.
  private static func failRefresh(
    of screen: UserListScreenModel, answering pages: ControlledCall<Int, UserPage>
  ) async throws {
    screen.viewModel.startRefresh()
    _ = try await pages.requests(count: 2)
    pages.fail(1, with: UserClientError.httpStatus(500))
    await settle(until: { screen.toasts.current != nil }, "the refresh's failure toast")
  }

  private static func screen(_ pages: ControlledCall<Int, UserPage>, pageSize: Int = 10)
    -> UserListScreenModel
  {
    UserListScreenModel {
      UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler(), pageSize: pageSize)
    }
  }
}

extension UserListState {
  /// Whether a list is on screen with a refresh running.
  fileprivate var isRefreshing: Bool {
    if case .loaded(let content) = self { return content.activity == .refreshing }
    return false
  }
}
