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

  let screen = UserListHarness(pageSize: 2, whenCancelled: .keepsWaitingForAnswer)

  /// The page request `index` answers with: disjoint users per request, so a wrong winner shows.
  private static func page(for index: Int) -> UserPage {
    TestUsers.page((index * 10 + 1)...(index * 10 + 2), hasMore: index == 2)
  }

  private func answer(request: Int, succeeds: Bool) {
    if succeeds {
      screen.calls.resolve(request, with: Self.page(for: request))
    } else {
      screen.calls.fail(request, with: UserClientError.httpStatus(500 + request))
    }
  }

  /// Shows users 1...2 (more available), then loads the next page (request 1) and, while it
  /// runs, refreshes (request 2); records from the list on.
  private func startANextPageThenARefresh() async throws {
    try await screen.beginWithList(1...2, hasMore: true)
    screen.viewModel.loadNextPage()
    await screen.calls.requests(count: 2)
    screen.viewModel.startRefresh()
    await screen.calls.requests(count: 3)
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

    /// Every state from the start of recording until the three requests run.
    var busyStates: [UserListState] {
      switch self {
      case .threeSearches:
        [.idle, .loading(query: "a"), .loading(query: "b"), .loading(query: "c")]
      case .nextPageThenRefreshThenSearch:
        [
          .list(1...2, .idle(hasMore: true)), .list(1...2, .loadingMore),
          .list(1...2, .refreshing), .loading(query: "z"),
        ]
      }
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

  /// Starts the three overlapping requests of `overlap` and waits until all three run.
  private func start(_ overlap: Overlap) async throws {
    switch overlap {
    case .threeSearches:
      for (index, query) in ["a", "b", "c"].enumerated() {
        screen.searchAndPause(query)
        await screen.calls.requests(count: index + 1)
      }
    case .nextPageThenRefreshThenSearch:
      try await startANextPageThenARefresh()
      screen.searchAndPause("z")
      await screen.calls.requests(count: 4)
    }
  }

  @Test(arguments: Overlap.allCases, Answering.all)
  func latestOfThreeOverlappingRequestsWins(
    _ overlap: Overlap, _ answering: Answering
  ) async throws {
    try await start(overlap)
    for position in answering.order {
      answer(request: overlap.firstRequest + position, succeeds: answering.succeeds[position])
    }
    await screen.settle()

    let final = overlap.final(latestSucceeded: answering.succeeds[2])
    #expect(screen.states.values == overlap.busyStates + [final])
    #expect(screen.events.values == [], "superseded requests must not toast")
    #expect(screen.calls.requests == overlap.requests)
    #expect(screen.calls.cancelledRequests == overlap.cancelledRequests)
  }

  /// A next page superseded by a refresh, both orders and all four mixes: only the refresh's
  /// outcome counts, and a failed refresh toasts exactly once.
  @Test(
    arguments: permutations([0, 1]),
    [[true, true], [true, false], [false, true], [false, false]])
  func refreshSupersedingANextPage(_ order: [Int], _ succeeds: [Bool]) async throws {
    let refreshSucceeds = succeeds[1]
    try await startANextPageThenARefresh()
    for request in order {
      if succeeds[request] {
        screen.calls.resolve(
          request + 1, with: TestUsers.page((request * 5 + 3)...(request * 5 + 4), hasMore: false))
      } else {
        screen.calls.fail(
          request + 1, with: UserClientError.transport(URLErrorFactory.notConnected))
      }
    }
    await screen.settle()

    let final: UserListState =
      refreshSucceeds ? .list(8...9, .idle(hasMore: false)) : .list(1...2, .idle(hasMore: true))
    #expect(
      screen.states.values == [
        .list(1...2, .idle(hasMore: true)), .list(1...2, .loadingMore), .list(1...2, .refreshing),
        final,
      ])
    let toast = UserFacingError.message(for: .offline)
    #expect(screen.events.values == (refreshSucceeds ? [] : [.toast(toast)]))
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
