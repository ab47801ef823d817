import DemoShared
import SignalsTesting
import Testing

@testable import SwiftUIDemo
@testable import UserFeature

/// What the SwiftUI list decides, run here as SwiftUI runs it: `.task` is a task started when
/// the list shows and cancelled when a detail covers it or the list goes away. Each test
/// asserts every emission of the view model in order (``ListOnScreen``), then what the screen
/// decided.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct UserListScreenModelTests {
  private static let serverTrouble =
    "The server is having trouble right now. Please try again later."

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
    let screen = UserListScreenModel {
      UserListViewModel(client: PagesClient(ControlledCall()), scheduler: TestScheduler())
    }
    screen.handle(.showDetail(Fixtures.ann.id))
    screen.handle(.showDetail(Fixtures.bob.id))  // the second tap of a double tap
    #expect(screen.path == [Fixtures.ann.id])

    screen.path.removeAll()  // Back
    screen.handle(.showDetail(Fixtures.bob.id))
    #expect(screen.path == [Fixtures.bob.id])
  }

  @Test func aDoubleTapThroughTheViewModelPushesOneDetail() async {
    let list = ListOnScreen()
    await list.showFirstPage()

    list.model.viewModel.select(Fixtures.ann)
    list.model.viewModel.select(Fixtures.bob)  // the second tap of a double tap
    await list.harness.expect(
      list.events, .showDetail(Fixtures.ann.id), .showDetail(Fixtures.bob.id))
    #expect(list.model.path == [Fixtures.ann.id], "the container refused the second")
    await list.disappear()
    await list.harness.finish()
  }

  @Test func aToastWhileTheListIsShownIsQueued() async {
    let list = ListOnScreen()
    await list.showFirstPage()

    list.model.viewModel.startRefresh()
    await list.harness.fail(list.pages, 1, with: UserClientError.httpStatus(500))
    await list.harness.expect(
      list.state, .shown([Fixtures.ann], .refreshing), .shown([Fixtures.ann]))
    await list.harness.expect(list.events, .toast(Self.serverTrouble))
    #expect(list.model.toasts.current?.message == Self.serverTrouble)
    #expect(list.model.state.value.users == [Fixtures.ann], "the list stays")
    await list.disappear()
    await list.harness.finish()
  }

  @Test func aListCoveredByADetailShowsNoToastOfItsOwn() async {
    let list = ListOnScreen()
    await list.showFirstPage()
    list.model.viewModel.startRefresh()
    await list.harness.expect(list.state, .shown([Fixtures.ann], .refreshing))

    await list.disappear()  // a detail is pushed: SwiftUI cancels the list's task
    await list.harness.expect(list.state, .shown([Fixtures.ann]))
    #expect(list.pages.cancelledRequests == [1], "the list's refresh stopped with its task")
    list.model.viewModel.startRefresh()  // even work started while covered...
    // ...and finished
    await list.harness.fail(list.pages, 2, with: UserClientError.httpStatus(500))
    await list.harness.expect(
      list.state, .shown([Fixtures.ann], .refreshing), .shown([Fixtures.ann]))
    await list.harness.expect(list.events, .toast(Self.serverTrouble))
    #expect(list.model.toasts.current == nil, "no toast of the list over the detail")
    await list.harness.finish()
  }

  @Test func aPageSizeChangedInTheSheetAppliesWhenTheSheetGoesAway() async {
    let settings = DemoSettings(pageSize: 10)
    let list = ListOnScreen(pageSize: settings.pageSize)
    await list.showFirstPage()

    settings.pageSize = 20  // in the sheet: nothing reloads under it
    #expect(list.model.viewModel.pageSize == 10)
    list.model.applyPageSize(settings.pageSize)  // the sheet's onDismiss
    #expect(list.model.viewModel.pageSize == 20)
    await list.harness.resolve(list.pages, 1, with: Fixtures.refreshedPage)
    await list.harness.expect(
      list.state, .shown([Fixtures.ann], .refreshing), .shown([Fixtures.ann, Fixtures.bob]))

    list.model.applyPageSize(settings.pageSize)  // the same size again: nothing
    #expect(list.pages.requests.count == 2)
    await list.disappear()
    await list.harness.finish()
  }

  @Test func aPageSizeChangedWhileADetailWasPushedAppliesWhenTheListShowsAgain() async {
    let list = ListOnScreen(pageSize: 10)
    await list.showFirstPage()
    await list.disappear()  // covered

    list.appear(pageSize: 20)  // shown again, the size changed meanwhile: the list reloads
    await list.harness.expect(list.state, .shown([Fixtures.ann], .refreshing))
    #expect(list.model.viewModel.pageSize == 20)
    #expect(list.pages.requests == [1, 1])
    await list.disappear()
    await list.harness.expect(list.state, .shown([Fixtures.ann]))
    await list.harness.finish()
  }

  @Test func pullToRefreshReturnsOnlyOnceTheRefreshHasFinished() async {
    let list = ListOnScreen()
    await list.showFirstPage()

    let refreshing = Task {
      await list.model.refresh()  // what `.refreshable` awaits
      return list.model.viewModel.state.value
    }
    await list.harness.resolve(list.pages, 1, with: Fixtures.refreshedPage)
    #expect(await refreshing.value == .shown([Fixtures.ann, Fixtures.bob]), "it returned after")
    await list.harness.expect(
      list.state, .shown([Fixtures.ann], .refreshing), .shown([Fixtures.ann, Fixtures.bob]))
    await list.disappear()
    await list.harness.finish()
  }
}
