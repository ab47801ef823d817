import SignalsTesting
import Testing

@testable import UserFeature

/// Overlapping requests whose responses arrive in every possible order, each one succeeding or
/// failing. The fake keeps waiting after cancellation, so every superseded request is still
/// answered (late). Whatever the order: the latest request decides the final state, nothing is
/// stuck in a loading state, superseded answers send no toast, and the emission sequence is
/// exactly the same.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ResponseOrderTests {
  /// Every order of completing three requests: 3! = 6.
  nonisolated static let orders: [[Int]] = permutations([0, 1, 2])
  /// Every success (`true`) / failure (`false`) mix for three requests: 2^3 = 8.
  nonisolated static let outcomes: [[Bool]] = [true, false].flatMap { a in
    [true, false].flatMap { b in [true, false].map { c in [a, b, c] } }
  }

  let list = UserListScreen(pageSize: 2, whenCancelled: .keepsWaitingForAnswer)

  /// The page request `index` answers with: disjoint users per request, so a wrong winner shows.
  private static func page(for index: Int) -> UserPage {
    TestUsers.page((index * 10 + 1)...(index * 10 + 2), hasMore: index == 2)
  }

  private func answer(request: Int, succeeds: Bool) {
    if succeeds {
      list.calls.resolve(request, with: Self.page(for: request))
    } else {
      list.calls.fail(request, with: UserClientError.httpStatus(500 + request))
    }
  }

  /// Shows users 1...2 (more available), then loads the next page (request 1) and, while it
  /// runs, refreshes (request 2), asserting the states on the way.
  private func startANextPageThenARefresh() async {
    await list.beginWithList(1...2, hasMore: true)
    list.viewModel.loadNextPage()
    await list.screen.expect(list.state, .list(1...2, .loadingMore))
    list.viewModel.startRefresh()
    await list.screen.expect(list.state, .list(1...2, .refreshing))
  }

  /// Three overlapping requests, each superseding the one before it.
  enum Overlap: String, CaseIterable, Sendable {
    /// Three searches typed one after another: "a", "b", "c" (requests 0, 1, 2).
    case threeSearches
    /// A next page, superseded by a refresh, superseded by a search for "z" (requests 1, 2, 3
    /// after the first page).
    case nextPageThenRefreshThenSearch

    /// The number of the first of the three requests.
    var firstRequest: Int {
      self == .threeSearches ? 0 : 1
    }

    /// Every request made.
    var requests: [ControlledUserClient.PageRequest] {
      switch self {
      case .threeSearches:
        [
          .list(query: "a", page: 1, pageSize: 2), .list(query: "b", page: 1, pageSize: 2),
          .list(query: "c", page: 1, pageSize: 2),
        ]
      case .nextPageThenRefreshThenSearch:
        [
          .list(query: "", page: 1, pageSize: 2), .list(query: "", page: 2, pageSize: 2),
          .list(query: "", page: 1, pageSize: 2), .list(query: "z", page: 1, pageSize: 2),
        ]
      }
    }

    /// The requests superseded, and so cancelled: the first two of the three.
    var cancelledRequests: [ControlledUserClient.PageRequest] {
      Array(requests[firstRequest...].prefix(2))
    }

    /// What the screen shows at the end: the latest request's outcome.
    func final(latestSucceeded: Bool) -> UserListState {
      switch (self, latestSucceeded) {
      case (.threeSearches, true):
        .list(21...22, query: "c", .idle(hasMore: true))
      case (.threeSearches, false):
        .failed(query: "c", error: UserFacingError(UserClientError.httpStatus(502)))
      case (.nextPageThenRefreshThenSearch, true):
        .list(31...32, query: "z", .idle(hasMore: false))
      case (.nextPageThenRefreshThenSearch, false):
        .failed(query: "z", error: UserFacingError(UserClientError.httpStatus(503)))
      }
    }
  }

  /// One way to answer three requests: the order, by position among the three, and whether
  /// each (by position) succeeds.
  struct Answering: Sendable, CustomTestStringConvertible {
    let order: [Int]
    let succeeds: [Bool]

    /// Every order with every mix: 6 x 8 = 48.
    static let all = orders.flatMap { order in
      outcomes.map { Answering(order: order, succeeds: $0) }
    }

    var testDescription: String {
      "order \(order), succeeds \(succeeds)"
    }
  }

  /// Starts the three overlapping requests of `overlap`, asserting every state until all three
  /// run.
  private func start(_ overlap: Overlap) async {
    switch overlap {
    case .threeSearches:
      await list.screen.expect(list.state, .idle)
      for query in ["a", "b", "c"] {
        await list.searchAndPause(query)
        await list.screen.expect(list.state, .loading(query: query))
      }
    case .nextPageThenRefreshThenSearch:
      await startANextPageThenARefresh()
      await list.searchAndPause("z")
      await list.screen.expect(list.state, .loading(query: "z"))
    }
  }

  @Test(arguments: Overlap.allCases, Answering.all)
  func latestOfThreeOverlappingRequestsWins(
    _ overlap: Overlap, _ answering: Answering
  ) async {
    await start(overlap)
    for position in answering.order {
      answer(request: overlap.firstRequest + position, succeeds: answering.succeeds[position])
    }

    await list.screen.expect(list.state, overlap.final(latestSucceeded: answering.succeeds[2]))
    #expect(list.calls.requests == overlap.requests)
    #expect(list.calls.cancelledRequests == overlap.cancelledRequests)
    await list.screen.finish()  // superseded requests must not toast
  }

  /// A next page superseded by a refresh, both orders and all four mixes: only the refresh's
  /// outcome counts, and a failed refresh toasts exactly once.
  @Test(
    arguments: permutations([0, 1]),
    [[true, true], [true, false], [false, true], [false, false]])
  func refreshSupersedingANextPage(_ order: [Int], _ succeeds: [Bool]) async {
    let refreshSucceeds = succeeds[1]
    await startANextPageThenARefresh()
    for request in order {
      if succeeds[request] {
        list.calls.resolve(
          request + 1, with: TestUsers.page((request * 5 + 3)...(request * 5 + 4), hasMore: false))
      } else {
        list.calls.fail(
          request + 1, with: UserClientError.transport(URLErrorFactory.notConnected))
      }
    }

    if refreshSucceeds {
      await list.screen.expect(list.state, .list(8...9, .idle(hasMore: false)))
    } else {
      await list.screen.expect(list.state, .list(1...2, .idle(hasMore: true)))
      await list.screen.expect(list.events, .toast(UserFacingError.message(for: .offline)))
    }
    await list.screen.finish()
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
