import SignalsTesting
import Testing

@testable import UserFeature

/// Search: 300 ms debounce on the injected scheduler, only the last query fetched, latest wins.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListSearchTests {
  @Test func nothingIsFetchedUntilTypingPausesFor300Milliseconds() async throws {
    let screen = UserListHarness()
    screen.viewModel.search("ann")
    screen.scheduler.advance(by: .milliseconds(299))
    #expect(screen.states.values == [.idle])
    #expect(screen.tasks.unfinishedCount == 0)

    screen.scheduler.advance(by: .milliseconds(1))
    #expect(
      screen.states.timedValues == [
        TimedValue(.zero, .idle), TimedValue(.milliseconds(300), .loading(query: "ann")),
      ])
    try await screen.succeed(0, with: TestUsers.page(1...2, hasMore: false))

    #expect(screen.calls.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    #expect(screen.states.last == .list(1...2, query: "ann", .idle(hasMore: false)))
  }

  @Test func aDebounceFiringOffTheMainThreadHopsToTheMainActor() async throws {
    let screen = UserListHarness()
    screen.viewModel.search("ann")
    // The debounce fires on a background thread; the view model must get it on the main actor.
    await Task.detached { [scheduler = screen.scheduler] in
      scheduler.advance(by: .milliseconds(300))
    }.value
    #expect(try await screen.states.values(count: 2) == [.idle, .loading(query: "ann")])
    try await screen.succeed(0, with: TestUsers.page(1...1, hasMore: false))

    #expect(
      screen.states.values == [
        .idle, .loading(query: "ann"), .list(1...1, query: "ann", .idle(hasMore: false)),
      ])
  }

  @Test func onlyTheLastQueryTypedWithinTheWindowIsFetched() async throws {
    let screen = UserListHarness()
    screen.viewModel.search("a")
    screen.scheduler.advance(by: .milliseconds(200))
    screen.viewModel.search("an")
    screen.scheduler.advance(by: .milliseconds(299))
    screen.viewModel.search("ann")
    screen.scheduler.advance(by: .milliseconds(299))
    #expect(screen.states.values == [.idle])

    screen.scheduler.advance(by: .milliseconds(1))
    try await screen.succeed(0, with: TestUsers.page(1...1, hasMore: false))

    #expect(screen.calls.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    #expect(
      screen.states.timedValues == [
        TimedValue(.zero, .idle),
        TimedValue(.milliseconds(799), .loading(query: "ann")),
        TimedValue(.milliseconds(799), .list(1...1, query: "ann", .idle(hasMore: false))),
      ])
  }

  @Test func aNewerQueryCancelsTheOlderRequest() async throws {
    let screen = UserListHarness()
    screen.searchAndPause("a")
    _ = try await screen.calls.requests(count: 1)
    screen.searchAndPause("b")
    _ = try await screen.calls.requests(count: 2)
    #expect(screen.calls.cancelledRequests == [.list(query: "a", page: 1, pageSize: 3)])

    try await screen.succeed(1, with: TestUsers.page(2...2, hasMore: false))

    #expect(
      screen.states.values == [
        .idle, .loading(query: "a"), .loading(query: "b"),
        .list(2...2, query: "b", .idle(hasMore: false)),
      ])
  }

  /// How the overlapping requests for "a" (older) and "b" (newer) are answered.
  struct Answers: Sendable, CustomTestStringConvertible {
    let olderSucceeds: Bool
    let olderAnsweredFirst: Bool
    let newerFindsNobody: Bool

    static let all = [false, true].flatMap { olderSucceeds in
      [false, true].flatMap { olderAnsweredFirst in
        [false, true].map { Answers(olderSucceeds, olderAnsweredFirst, newerFindsNobody: $0) }
      }
    }

    init(_ olderSucceeds: Bool, _ olderAnsweredFirst: Bool, newerFindsNobody: Bool) {
      self.olderSucceeds = olderSucceeds
      self.olderAnsweredFirst = olderAnsweredFirst
      self.newerFindsNobody = newerFindsNobody
    }

    var testDescription: String {
      let older = olderSucceeds ? "late success" : "late failure"
      let newer = newerFindsNobody ? "nobody" : "a list"
      return "\(older) \(olderAnsweredFirst ? "before" : "after") newer finding \(newer)"
    }
  }

  /// The late answer (success or failure, before or after the newer one) never shows.
  @Test(arguments: Answers.all)
  func aLateResponseForAnOlderQueryNeverOverwritesNewerResults(_ answers: Answers) async throws {
    let screen = UserListHarness(whenCancelled: .keepsWaitingForAnswer)
    screen.searchAndPause("a")
    _ = try await screen.calls.requests(count: 1)
    screen.searchAndPause("b")
    _ = try await screen.calls.requests(count: 2)

    let answerOlder = {
      if answers.olderSucceeds {
        screen.calls.resolve(0, with: TestUsers.page(1...1, hasMore: false))
      } else {
        screen.calls.fail(0, with: UserClientError.httpStatus(500))
      }
    }
    if answers.olderAnsweredFirst { answerOlder() }
    let newer = answers.newerFindsNobody ? [] : TestUsers.users(2...2)
    screen.calls.resolve(1, with: UserPage(users: newer, hasMore: false))
    if !answers.olderAnsweredFirst { answerOlder() }
    await screen.settle()

    let shown: UserListState =
      answers.newerFindsNobody
      ? .empty(query: "b") : .list(2...2, query: "b", .idle(hasMore: false))
    #expect(screen.states.values == [.idle, .loading(query: "a"), .loading(query: "b"), shown])
    #expect(screen.events.values == [])
  }

  @Test func typingBackTheShownQueryFetchesNothing() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...1, hasMore: false, query: "ann")

    screen.viewModel.search("anna")
    screen.scheduler.advance(by: .milliseconds(100))
    screen.viewModel.search(" ann ")
    screen.scheduler.advance(by: .milliseconds(300))

    #expect(screen.tasks.unfinishedCount == 0)
    #expect(screen.calls.requests.count == 1)
    #expect(screen.states.values == [.list(1...1, query: "ann", .idle(hasMore: false))])
  }

  @Test func clearingTheSearchLoadsEveryoneAgain() async throws {
    let screen = UserListHarness()
    screen.searchAndPause("zz")
    try await screen.succeed(0, with: UserPage(users: [], hasMore: false))

    screen.searchAndPause("")
    try await screen.succeed(1, with: TestUsers.page(1...3, hasMore: true))

    #expect(
      screen.calls.requests == [
        .list(query: "zz", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 3),
      ])
    #expect(
      screen.states.values == [
        .idle, .loading(query: "zz"), .empty(query: "zz"), .loading(query: ""),
        .list(1...3, .idle(hasMore: true)),
      ])
  }

  @Test func aSearchReplacesARunningFirstLoad() async throws {
    let screen = UserListHarness()
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)
    screen.searchAndPause("b")
    try await screen.succeed(1, with: TestUsers.page(2...2, hasMore: false))

    #expect(screen.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    #expect(
      screen.states.values == [
        .idle, .loading(query: ""), .loading(query: "b"),
        .list(2...2, query: "b", .idle(hasMore: false)),
      ])
  }

  /// The view model, not the screen, decides that searching for the query already shown does
  /// nothing: no request, no state change. (The demo's screen only explains why.)
  @Test func searchingForTheQueryAlreadyShownStartsNothing() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true, query: "x")
    let statesBefore = screen.states.values

    screen.searchAndPause(" x ")

    #expect(screen.calls.requests == [.list(query: "x", page: 1, pageSize: 3)])
    #expect(screen.tasks.unfinishedCount == 0)
    #expect(screen.states.values == statesBefore)
  }

  @Test func refreshAndPagingUseTheCurrentQuery() async throws {
    let screen = UserListHarness()
    try await screen.beginWithList(1...3, hasMore: true, query: "x")

    try await screen.loadNextPage(answering: 1, with: TestUsers.page(4...5, hasMore: false))
    try await screen.refresh(answering: 2, with: TestUsers.page(1...3, hasMore: true))

    #expect(
      screen.calls.requests == [
        .list(query: "x", page: 1, pageSize: 3), .list(query: "x", page: 2, pageSize: 3),
        .list(query: "x", page: 1, pageSize: 3),
      ])
  }
}
