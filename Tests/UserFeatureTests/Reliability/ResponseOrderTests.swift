import SignalsTesting
import Testing

@testable import UserFeature

/// Overlapping requests whose responses arrive in every possible order, each one succeeding or
/// failing. The fake ignores cancellation, so every superseded request is still answered (late).
/// Whatever the order: the latest request decides the final state, nothing is stuck in a loading
/// state, superseded answers send no toast, and the emission sequence is exactly the same.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ResponseOrderTests {
  /// Every order of completing three requests: 3! = 6.
  nonisolated static let orders: [[Int]] = permutations([0, 1, 2])
  /// Every success (`true`) / failure (`false`) mix for three requests: 2^3 = 8.
  nonisolated static let outcomes: [[Bool]] = [true, false].flatMap { a in
    [true, false].flatMap { b in [true, false].map { c in [a, b, c] } }
  }

  let scheduler = TestScheduler()

  /// The page request `index` answers with: disjoint users per request, so a wrong winner shows.
  private static func page(for index: Int) -> UserPage {
    TestUsers.page((index * 10 + 1)...(index * 10 + 2), hasMore: index == 2)
  }

  private func answer(
    _ client: ControlledUserClient, request: Int, succeeds: Bool
  ) {
    if succeeds {
      client.succeed(request, with: Self.page(for: request))
    } else {
      client.fail(request, with: UserClientError.httpStatus(500 + request))
    }
  }

  @Test(arguments: orders, outcomes)
  func threeOverlappingSearchesLatestWins(_ order: [Int], _ succeeds: [Bool]) async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 2)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    for (index, query) in ["a", "b", "c"].enumerated() {
      viewModel.search(query)
      scheduler.advance(by: UserListViewModel.searchDebounce)
      await client.waitForRequests(index + 1)
    }
    for request in order {
      answer(client, request: request, succeeds: succeeds[request])
    }
    await settle(viewModel)

    let final: UserListState =
      succeeds[2]
      ? .list(21...22, query: "c", .idle(hasMore: true))
      : .failed(query: "c", error: UserFacingError(UserClientError.httpStatus(502)))
    #expect(
      states.values == [
        .idle, .loading(query: "a"), .loading(query: "b"), .loading(query: "c"), final,
      ])
    #expect(events.values == [])
    #expect(
      client.cancelledRequests == [
        .list(query: "a", page: 1, pageSize: 2), .list(query: "b", page: 1, pageSize: 2),
      ])
  }

  /// Three kinds at once: a next page, superseded by a refresh, superseded by a search.
  @Test(arguments: orders, outcomes)
  func pagingThenRefreshThenSearchLatestWins(_ order: [Int], _ succeeds: [Bool]) async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 2)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: true))
    await settle(viewModel)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    viewModel.refresh()
    await client.waitForRequests(3)
    viewModel.search("z")
    scheduler.advance(by: UserListViewModel.searchDebounce)
    await client.waitForRequests(4)
    for request in order {
      answer(client, request: request + 1, succeeds: succeeds[request])
    }
    await settle(viewModel)

    let final: UserListState =
      succeeds[2]
      ? .list(31...32, query: "z", .idle(hasMore: false))
      : .failed(query: "z", error: UserFacingError(UserClientError.httpStatus(503)))
    #expect(
      states.values == [
        .list(1...2, .idle(hasMore: true)), .list(1...2, .loadingMore),
        .list(1...2, .refreshing), .loading(query: "z"), final,
      ])
    #expect(events.values == [], "superseded requests must not toast")
    #expect(
      client.requests == [
        .list(query: "", page: 1, pageSize: 2), .list(query: "", page: 2, pageSize: 2),
        .list(query: "", page: 1, pageSize: 2), .list(query: "z", page: 1, pageSize: 2),
      ])
  }

  /// A next page superseded by a refresh, both orders and all four mixes: only the refresh's
  /// outcome counts, and a failed refresh toasts exactly once.
  @Test(
    arguments: permutations([0, 1]),
    [[true, true], [true, false], [false, true], [false, false]])
  func refreshSupersedingANextPage(_ order: [Int], _ succeeds: [Bool]) async {
    let refreshSucceeds = succeeds[1]
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserListViewModel(client: client, scheduler: scheduler, pageSize: 2)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.page(1...2, hasMore: true))
    await settle(viewModel)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.loadNextPage()
    await client.waitForRequests(2)
    viewModel.refresh()
    await client.waitForRequests(3)
    for request in order {
      if succeeds[request] {
        client.succeed(
          request + 1, with: TestUsers.page((request * 5 + 3)...(request * 5 + 4), hasMore: false))
      } else {
        client.fail(request + 1, with: UserClientError.transport(URLErrorFactory.notConnected))
      }
    }
    await settle(viewModel)

    let final: UserListState =
      refreshSucceeds ? .list(8...9, .idle(hasMore: false)) : .list(1...2, .idle(hasMore: true))
    #expect(
      states.values == [
        .list(1...2, .idle(hasMore: true)), .list(1...2, .loadingMore), .list(1...2, .refreshing),
        final,
      ])
    let toast = UserFacingError.message(for: .offline)
    #expect(events.values == (refreshSucceeds ? [] : [.toast(toast)]))
  }
}

/// Every ordering of `elements`.
func permutations<T>(_ elements: [T]) -> [[T]] {
  guard elements.count > 1 else { return [elements] }
  return elements.indices.flatMap { index in
    var rest = elements
    let first = rest.remove(at: index)
    return permutations(rest).map { [first] + $0 }
  }
}
