import SignalsTesting
import Testing

@testable import UserFeature

/// A ``UserListViewModel`` under SignalsTesting's `ScreenHarness`: the fake client it calls,
/// and the harness recording its state and events in one log on the harness's virtual clock,
/// settling its tasks and watching its page calls. A test states its scenario and asserts every
/// emission in order; `finish()` fails on any it forgot:
///
/// ```swift
/// let list = UserListScreen()
/// list.viewModel.load()
/// await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...3, hasMore: true))
/// await list.screen.expect(list.state, .idle, .loading(query: ""), .list(1...3, .idle(hasMore: true)))
/// await list.screen.finish()
/// ```
@MainActor
final class UserListScreen {
  let client: ControlledUserClient
  /// The harness: one log of ``state`` and ``events``, the one wait, the clock.
  let screen: ScreenHarness
  let state: ScreenOutput<UserListState>
  let events: ScreenOutput<UserListEvent>
  /// The view model's tasks; usable after ``releaseViewModel()``.
  let tasks: TaskOwnerProbe
  private var model: UserListViewModel?

  /// A user list of `pageSize` users a page over a fresh fake client.
  init(
    pageSize: Int = 3,
    whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError
  ) {
    client = ControlledUserClient(serving: .pages, whenCancelled: cancellation)
    let scheduler = TestScheduler()
    let model = UserListViewModel(client: client, scheduler: scheduler, pageSize: pageSize)
    self.model = model
    tasks = TaskOwnerProbe(model.tasks)
    screen = ScreenHarness(scheduler: scheduler, tasks: tasks)
    state = screen.record(model.state, as: "state")
    events = screen.record(model.events, as: "events")
    screen.watch(client.pageCalls, as: "pages")
  }

  /// The view model. Reading it after ``releaseViewModel()`` is a mistake in the test.
  var viewModel: UserListViewModel {
    guard let model else { preconditionFailure("the test released the view model") }
    return model
  }

  /// The page requests the view model makes, numbered from 0.
  var calls: ControlledCall<ControlledUserClient.PageRequest, UserPage> {
    client.pageCalls
  }

  /// Starts the scenario on a list: loads users `ids` as page 1 (request 0; searched for with
  /// `query` unless it is empty) and asserts the states on the way there.
  func beginWithList(
    _ ids: ClosedRange<Int>, hasMore: Bool, query: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    if query.isEmpty {
      viewModel.load()
    } else {
      await searchAndPause(query)
    }
    await screen.resolve(calls, 0, with: TestUsers.page(ids, hasMore: hasMore))
    await screen.expect(
      state, .idle, .loading(query: query), .list(ids, query: query, .idle(hasMore: hasMore)),
      sourceLocation: sourceLocation)
  }

  /// Types `text` into the search and lets the debounce pause pass on the virtual clock.
  func searchAndPause(_ text: String) async {
    viewModel.search(text)
    await screen.advance(by: UserListViewModel.searchDebounce)
  }

  /// Asks for the next page, then answers that request (number `request`) with `page`.
  func loadNextPage(answering request: Int, with page: UserPage) async {
    viewModel.loadNextPage()
    await screen.resolve(calls, request, with: page)
  }

  /// Starts a refresh, then answers its request (number `request`) with `page`.
  func refresh(answering request: Int, with page: UserPage) async {
    viewModel.startRefresh()
    await screen.resolve(calls, request, with: page)
  }

  /// Lets go of the view model, the test's only strong reference to it; ``tasks`` and the
  /// harness still see the tasks it left running.
  func releaseViewModel() {
    model = nil
  }
}
