import Foundation
import Signals
import SignalsConcurrency

/// The user-list screen's logic: loading, refreshing, searching, paging and selection.
///
/// - State: ``state`` is one ``UserListState`` value, read-only outside this class.
/// - Events: ``events`` sends toasts, navigation and refusals, never replayed: bind first.
/// - Threading: a main-actor class; state and events are sent on the main actor, so a
///   `receive(on: .mainActor)` subscriber on the main queue sees them synchronously.
/// - Work: requests run in tasks of a `TaskOwner` through the injected ``UserClient``. At most
///   one request runs at a time; a newer request cancels an older one and an older response
///   never overwrites newer results.
/// - Lifetime: releasing the view model releases its `TaskOwner`, which cancels its work; no
///   task holds the view model, so it is deallocated even mid-request, and nothing is sent
///   afterwards.
@MainActor
public final class UserListViewModel {
  /// How long typing must pause before ``search(_:)`` fetches: 300 ms on the injected scheduler.
  nonisolated public static let searchDebounce: Duration = .milliseconds(300)

  /// The page size used when none is given.
  nonisolated public static let defaultPageSize = 10

  /// What the screen shows. Current value first to every subscriber, then each change.
  public var state: Property<UserListState> { stateOwner.property }

  /// Toasts, navigation and refusals, delivered once to the subscribers present when they happen.
  public var events: EventStream<UserListEvent> { eventSender.stream }

  /// Users per page, for every first-page load (``load()``, ``startRefresh()``, a search);
  /// ``loadNextPage()`` keeps using the size the list on screen was loaded with, so pages never
  /// overlap or skip users. Changed by ``apply(pageSize:)``.
  public private(set) var pageSize: Int

  /// What a running request is for, and what to go back to if it fails or is cancelled.
  private enum Job {
    case firstPage
    case refresh(shown: UserListContent)
    case nextPage(shown: UserListContent)
  }

  private let client: any UserClient
  private let scheduler: any SignalScheduler
  /// The page size the list on screen was loaded with, for its next pages.
  private var shownPageSize: Int
  private let stateOwner = MutableProperty<UserListState>(.idle)
  private let eventSender = EventSender<UserListEvent>()
  private let typedText = EventSender<String>()
  /// The running request (key "request") and the search pipeline (key "search"), one owner for
  /// all the work; internal so that tests see it through `TaskOwnerProbe`.
  let tasks = TaskOwner()
  /// What the running request is for, and its task (which ``refresh()`` awaits).
  private var running: (job: Job, task: Task<Void, Never>)?
  private var query = ""
  private var pagesShown = 0

  /// Creates the view model; nothing is requested until ``load()`` or ``search(_:)``.
  /// `scheduler` is the search debounce's clock (`.mainQueue` in an app, a `TestScheduler` in
  /// tests); `pageSize` must be positive.
  public init(
    client: any UserClient, scheduler: any SignalScheduler, pageSize: Int = defaultPageSize
  ) {
    precondition(pageSize > 0, "UserListViewModel: pageSize must be positive, got \(pageSize)")
    self.client = client
    self.scheduler = scheduler
    self.pageSize = pageSize
    self.shownPageSize = pageSize
    tasks.own(makeSearchPipeline(), key: "search")
  }

  /// Loads the first page of the current query when nothing is shown: from ``UserListState/idle``
  /// or ``UserListState/failed(query:error:)`` (a retry) the state becomes `loading`, then
  /// `loaded`, `empty` or `failed`. Does nothing while loading or once a result is shown.
  public func load() {
    switch stateOwner.value {
    case .idle, .failed:
      startFirstPage(query: query)
    case .loading, .loaded, .empty:
      break
    }
  }

  /// Fetches the first page again, as ``startRefresh()`` does, and returns once the request
  /// running after that call (the refresh it started, or the load or refresh already running)
  /// has finished and its outcome is on screen; at once if none runs. For SwiftUI's
  /// `.refreshable`. Cancelling the calling task neither cancels the refresh (the view model
  /// owns it; ``cancel()`` stops it) nor ends the wait early.
  public func refresh() async {
    startRefresh()
    await running?.task.value
  }

  /// Starts fetching the first page again and returns at once (``refresh()`` awaits it). A list
  /// on screen stays, its activity `refreshing`; success replaces it, failure restores it and
  /// sends a ``UserListEvent/toast(_:)``; a page load in progress is cancelled. With no list on
  /// screen this is ``load()`` (also reloading an empty result). Does nothing while a load or
  /// refresh is running.
  public func startRefresh() {
    switch stateOwner.value {
    case .loading:
      break
    case .idle, .failed, .empty:
      startFirstPage(query: query)
    case .loaded(let content):
      guard content.activity != .refreshing else { return }
      // A page load in progress is cancelled, so the list it extends still has more.
      let shown = content.with(.idle(hasMore: content.activity != .idle(hasMore: false)))
      start(.refresh(shown: shown), query: content.query, page: 1, pageSize: pageSize)
      stateOwner.value = .loaded(content.with(.refreshing))
    }
  }

  /// Searches for `text` once typing pauses for ``searchDebounce`` on the injected scheduler:
  /// only the last text within a pause is fetched (leading and trailing whitespace ignored). A
  /// fetch shows `loading(query:)` and cancels any running request; a response for an older
  /// query is ignored. Text equal to the query already shown or loading fetches nothing.
  public func search(_ text: String) {
    typedText.send(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A search the user asked for in so many words (a typed command, a submitted field): as
  /// ``search(_:)``, except that text equal to the query of the result on screen (a list or an
  /// empty result) fetches nothing and answers
  /// ``UserListEvent/refused(_:)`` with ``UserListRefusal/alreadyShowing(query:)``.
  public func submitSearch(_ text: String) {
    let newQuery = text.trimmingCharacters(in: .whitespacesAndNewlines)
    switch stateOwner.value {
    case .loaded, .empty:
      if newQuery == stateOwner.value.query {
        eventSender.send(.refused(.alreadyShowing(query: newQuery)))
        return
      }
    case .idle, .loading, .failed:
      break
    }
    search(newQuery)
  }

  /// Loads and appends the next page if ``UserListContent/canLoadMore``; users already shown are
  /// not appended twice, and failure keeps the list and sends a toast. With no list on screen,
  /// or at its end, it answers ``UserListEvent/refused(_:)`` (``UserListRefusal/noListToPage``,
  /// ``UserListRefusal/endOfList(shown:)``); while a request runs it does nothing, so repeated
  /// calls start one request.
  public func loadNextPage() {
    guard case .loaded(let content) = stateOwner.value else {
      eventSender.send(.refused(.noListToPage))
      return
    }
    switch content.activity {
    case .idle(hasMore: true):
      start(.nextPage(shown: content), query: query, page: pagesShown + 1, pageSize: shownPageSize)
      stateOwner.value = .loaded(content.with(.loadingMore))
    case .idle(hasMore: false):
      eventSender.send(.refused(.endOfList(shown: content.users.count)))
    case .refreshing, .loadingMore:
      break
    }
  }

  /// Asks to open the detail screen for `user`: sends ``UserListEvent/showDetail(_:)``. The
  /// request is an event; the screen that is open is the navigation container's state.
  public func select(_ user: User) {
    eventSender.send(.showDetail(user.id))
  }

  /// Asks to open the user shown at 1-based position `number` of the list, as ``select(_:)``;
  /// with no list on screen, or no user at that position, it answers
  /// ``UserListEvent/refused(_:)`` (``UserListRefusal/noListToOpen``,
  /// ``UserListRefusal/noUser(number:shown:)``).
  public func open(_ number: Int) {
    let users = stateOwner.value.users
    if users.isEmpty {
      eventSender.send(.refused(.noListToOpen))
    } else if users.indices.contains(number - 1) {
      select(users[number - 1])
    } else {
      eventSender.send(.refused(.noUser(number: number, shown: users.count)))
    }
  }

  /// Applies a page size chosen in the app's settings: a new size becomes ``pageSize`` and the
  /// first page loads again with it (``startRefresh()``); the size in use does nothing. Must be
  /// positive.
  public func apply(pageSize newSize: Int) {
    precondition(newSize > 0, "UserListViewModel: pageSize must be positive, got \(newSize)")
    guard newSize != pageSize else { return }
    pageSize = newSize
    startRefresh()
  }

  /// Stops all work: the running request and a pending search. The state settles in this call
  /// (`loading` becomes `idle`; a refreshing or loading-more list goes back to idle) and nothing
  /// changes afterwards until another method is called. Call it when the screen goes away.
  public func cancel() {
    tasks.own(makeSearchPipeline(), key: "search")  // the pending search is dropped
    guard let running else { return }
    self.running = nil
    tasks.cancel(key: "request")
    switch running.job {
    case .firstPage:
      stateOwner.value = .idle
    case .refresh(let shown), .nextPage(let shown):
      stateOwner.value = .loaded(shown)
    }
  }

  private func makeSearchPipeline() -> SubscriptionToken {
    typedText.stream
      .debounce(for: Self.searchDebounce, scheduler: scheduler)
      .receive(on: .mainActor)
      .sink { [weak self] query in
        self?.applySearch(query)
      }
  }

  private func applySearch(_ newQuery: String) {
    switch stateOwner.value {
    case .idle, .failed:
      startFirstPage(query: newQuery)
    case .loading, .loaded, .empty:
      if newQuery != query { startFirstPage(query: newQuery) }
    }
  }

  private func startFirstPage(query newQuery: String) {
    query = newQuery
    start(.firstPage, query: newQuery, page: 1, pageSize: pageSize)
    stateOwner.value = .loading(query: newQuery)
  }

  /// Starts `job` under the one key of the view model's requests, replacing the running request
  /// (its answer is never applied). The caller sets the matching state.
  private func start(_ job: Job, query: String, page: Int, pageSize: Int) {
    let task = tasks.run(key: "request", for: self) { [client] in
      try await client.users(matching: query, page: page, pageSize: pageSize)
    } then: { viewModel, result in  // on the main actor, only if this view model lives
      viewModel.finish(job, result, query: query, page: page, pageSize: pageSize)
    }
    running = (job, task)
  }

  private func finish(
    _ job: Job, _ result: Result<UserPage, any Error>, query: String, page number: Int,
    pageSize: Int
  ) {
    running = nil
    switch (job, result) {
    case (.firstPage, .success(let page)), (.refresh, .success(let page)):
      pagesShown = 1
      shownPageSize = pageSize
      let users = Self.unique(page.users)
      let content = UserListContent(
        query: query, users: users, activity: .idle(hasMore: page.hasMore))
      stateOwner.value = users.isEmpty ? .empty(query: query) : .loaded(content)
    case (.nextPage(let shown), .success(let page)):
      pagesShown = number
      let added = Self.unique(page.users, after: shown.users)
      stateOwner.value = .loaded(
        shown.with(users: shown.users + added, .idle(hasMore: page.hasMore)))
    case (.firstPage, .failure(let error)):
      stateOwner.value = .failed(query: query, error: UserFacingError(error))
    case (.refresh(let shown), .failure(let error)), (.nextPage(let shown), .failure(let error)):
      stateOwner.value = .loaded(shown)
      eventSender.send(.toast(UserFacingError(error).message))
    }
  }

  /// `users` in order, less any whose identifier is in `seen` or came earlier.
  private static func unique(_ users: [User], after seen: [User] = []) -> [User] {
    var ids = Set(seen.map(\.id))
    return users.filter { ids.insert($0.id).inserted }
  }
}

extension UserListContent {
  /// The same query with `users` (by default the same) and another activity.
  fileprivate func with(users: [User]? = nil, _ activity: Activity) -> UserListContent {
    UserListContent(query: query, users: users ?? self.users, activity: activity)
  }
}
