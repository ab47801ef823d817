import SignalsTesting
import Testing

@testable import UserFeature

/// The harness of a ``UserListViewModel``.
typealias UserListHarness = ViewModelHarness<UserListViewModel>

extension ViewModelHarness where Model == UserListViewModel {
  /// A user list of `pageSize` users a page over a fresh fake client.
  convenience init(
    pageSize: Int = 3,
    whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError
  ) {
    self.init(whenCancelled: cancellation) { client, scheduler in
      UserListViewModel(client: client, scheduler: scheduler, pageSize: pageSize)
    }
  }

  /// Starts the scenario on a list: loads users `ids` as page 1 (request 0; searched for with
  /// `query` unless it is empty), settles, then records from there.
  func beginWithList(_ ids: ClosedRange<Int>, hasMore: Bool, query: String = "") async throws {
    if query.isEmpty {
      viewModel.load()
    } else {
      searchAndPause(query)
    }
    try await succeed(0, with: TestUsers.page(ids, hasMore: hasMore))
    recordFromHere()
  }

  /// Types `text` into the search and lets the debounce pause pass on the virtual clock.
  func searchAndPause(_ text: String) {
    viewModel.search(text)
    scheduler.advance(by: UserListViewModel.searchDebounce)
  }

  /// Asks for the next page, then answers that request (number `request`) with `page`.
  func loadNextPage(answering request: Int, with page: UserPage) async throws {
    viewModel.loadNextPage()
    try await succeed(request, with: page)
  }

  /// Starts a refresh, then answers its request (number `request`) with `page`.
  func refresh(answering request: Int, with page: UserPage) async throws {
    viewModel.startRefresh()
    try await succeed(request, with: page)
  }
}
