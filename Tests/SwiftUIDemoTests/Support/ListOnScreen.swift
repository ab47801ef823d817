import SignalsTesting
import Testing

@testable import SwiftUIDemo
@testable import UserFeature

/// A ``UserListScreenModel`` over page requests the test answers, under SignalsTesting's
/// `ScreenHarness`: the harness records the view model's state and events in one log, settles
/// its tasks and watches the page calls; ``appear(pageSize:)`` and ``disappear()`` run the
/// list's `.task` as SwiftUI does. A test asserts every emission in order, then what the screen
/// decided (its navigation path, its toasts), and `finish()` fails on any emission it forgot.
@MainActor
final class ListOnScreen {
  let pages: ControlledCall<Int, UserPage>
  let model: UserListScreenModel
  let harness: ScreenHarness
  let state: ScreenOutput<UserListState>
  let events: ScreenOutput<UserListEvent>
  private var task: Task<Void, Never>?

  /// A list screen whose view model asks for pages of `pageSize` users.
  init(pageSize: Int = 10) {
    let pages = ControlledCall<Int, UserPage>()
    let scheduler = TestScheduler()
    self.pages = pages
    model = UserListScreenModel {
      UserListViewModel(client: PagesClient(pages), scheduler: scheduler, pageSize: pageSize)
    }
    harness = ScreenHarness(scheduler: scheduler, tasks: TaskOwnerProbe(model.viewModel.tasks))
    state = harness.record(model.viewModel.state, as: "state")
    events = harness.record(model.viewModel.events, as: "events")
    harness.watch(pages, as: "pages")
  }

  /// Starts the list's `.task` (`runWhileVisible(pageSize:)`), as SwiftUI does when the list
  /// appears: the first time, it loads the first page.
  func appear(pageSize: Int = 10) {
    task = Task { await model.runWhileVisible(pageSize: pageSize) }
  }

  /// Cancels that task, as SwiftUI does when a detail covers the list or the list goes away,
  /// and returns once it has returned.
  func disappear() async {
    task?.cancel()
    await task?.value
  }

  /// Shows the list with its first page: appears, answers request 0 with
  /// `Fixtures.firstPage` and asserts the states on the way there.
  func showFirstPage() async {
    appear()
    await harness.resolve(pages, 0, with: Fixtures.firstPage)
    await harness.expect(state, .idle, .loading(query: ""), .shown([Fixtures.ann]))
  }
}

extension UserListState {
  /// A list of `users` on screen, with no more pages, doing `activity`.
  static func shown(_ users: [User], _ activity: UserListContent.Activity = .idle(hasMore: false))
    -> UserListState
  {
    .loaded(UserListContent(query: "", users: users, activity: activity))
  }
}
