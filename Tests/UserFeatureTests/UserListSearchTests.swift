import SignalsTesting
import Testing

@testable import UserFeature

/// Search: 300 ms debounce on the injected scheduler, only the last query fetched, latest wins.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListSearchTests {
  @Test func nothingIsFetchedUntilTypingPausesFor300Milliseconds() async {
    let list = UserListScreen()
    list.viewModel.search("ann")
    await list.screen.advance(by: .milliseconds(299))
    await list.screen.expect(list.state, .idle, at: .zero)
    #expect(list.tasks.unfinishedCount == 0)

    await list.screen.advance(by: .milliseconds(1))
    await list.screen.expect(list.state, .loading(query: "ann"), at: .milliseconds(300))
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...2, hasMore: false))

    #expect(list.calls.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    await list.screen.expect(list.state, .list(1...2, query: "ann", .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test func aDebounceFiringOffTheMainThreadHopsToTheMainActor() async {
    let list = UserListScreen()
    list.viewModel.search("ann")
    // The debounce fires on a background thread; the view model must get it on the main actor.
    await Task.detached { [scheduler = list.screen.scheduler] in
      scheduler.advance(by: .milliseconds(300))
    }.value
    await list.screen.expect(list.state, .idle, .loading(query: "ann"))
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...1, hasMore: false))

    await list.screen.expect(list.state, .list(1...1, query: "ann", .idle(hasMore: false)))
    await list.screen.finish()
  }

  @Test func onlyTheLastQueryTypedWithinTheWindowIsFetched() async {
    let list = UserListScreen()
    list.viewModel.search("a")
    await list.screen.advance(by: .milliseconds(200))
    list.viewModel.search("an")
    await list.screen.advance(by: .milliseconds(299))
    list.viewModel.search("ann")
    await list.screen.advance(by: .milliseconds(299))
    await list.screen.expect(list.state, .idle, at: .zero)

    await list.screen.advance(by: .milliseconds(1))
    await list.screen.resolve(list.calls, 0, with: TestUsers.page(1...1, hasMore: false))

    #expect(list.calls.requests == [.list(query: "ann", page: 1, pageSize: 3)])
    await list.screen.expect(
      list.state, .loading(query: "ann"), .list(1...1, query: "ann", .idle(hasMore: false)),
      at: .milliseconds(799))
    await list.screen.finish()
  }

  @Test func aNewerQueryCancelsTheOlderRequest() async {
    let list = UserListScreen()
    await list.searchAndPause("a")
    await list.searchAndPause("b")
    #expect(list.calls.cancelledRequests == [.list(query: "a", page: 1, pageSize: 3)])

    await list.screen.resolve(list.calls, 1, with: TestUsers.page(2...2, hasMore: false))

    await list.screen.expect(
      list.state, .idle, .loading(query: "a"), .loading(query: "b"),
      .list(2...2, query: "b", .idle(hasMore: false)))
    await list.screen.finish()
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
  func aLateResponseForAnOlderQueryNeverOverwritesNewerResults(_ answers: Answers) async {
    let list = UserListScreen(whenCancelled: .keepsWaitingForAnswer)
    await list.searchAndPause("a")
    await list.searchAndPause("b")

    let answerOlder = {
      if answers.olderSucceeds {
        list.calls.resolve(0, with: TestUsers.page(1...1, hasMore: false))
      } else {
        list.calls.fail(0, with: UserClientError.httpStatus(500))
      }
    }
    if answers.olderAnsweredFirst { answerOlder() }
    let newer = answers.newerFindsNobody ? [] : TestUsers.users(2...2)
    list.calls.resolve(1, with: UserPage(users: newer, hasMore: false))
    if !answers.olderAnsweredFirst { answerOlder() }

    let shown: UserListState =
      answers.newerFindsNobody
      ? .empty(query: "b") : .list(2...2, query: "b", .idle(hasMore: false))
    await list.screen.expect(
      list.state, .idle, .loading(query: "a"), .loading(query: "b"), shown)
    await list.screen.finish()
  }

  @Test func typingBackTheShownQueryFetchesNothing() async {
    let list = UserListScreen()
    await list.beginWithList(1...1, hasMore: false, query: "ann")

    list.viewModel.search("anna")
    await list.screen.advance(by: .milliseconds(100))
    list.viewModel.search(" ann ")
    await list.screen.advance(by: .milliseconds(300))

    #expect(list.tasks.unfinishedCount == 0)
    #expect(list.calls.requests.count == 1)
    await list.screen.finish()
  }

  @Test func clearingTheSearchLoadsEveryoneAgain() async {
    let list = UserListScreen()
    await list.searchAndPause("zz")
    await list.screen.resolve(list.calls, 0, with: UserPage(users: [], hasMore: false))

    await list.searchAndPause("")
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(1...3, hasMore: true))

    #expect(
      list.calls.requests == [
        .list(query: "zz", page: 1, pageSize: 3), .list(query: "", page: 1, pageSize: 3),
      ])
    await list.screen.expect(
      list.state, .idle, .loading(query: "zz"), .empty(query: "zz"), .loading(query: ""),
      .list(1...3, .idle(hasMore: true)))
    await list.screen.finish()
  }

  @Test func aSearchReplacesARunningFirstLoad() async {
    let list = UserListScreen()
    list.viewModel.load()
    await list.screen.expect(list.state, .idle, .loading(query: ""))
    await list.searchAndPause("b")
    await list.screen.resolve(list.calls, 1, with: TestUsers.page(2...2, hasMore: false))

    #expect(list.calls.cancelledRequests == [.list(query: "", page: 1, pageSize: 3)])
    await list.screen.expect(
      list.state, .loading(query: "b"), .list(2...2, query: "b", .idle(hasMore: false)))
    await list.screen.finish()
  }

  /// The view model, not the screen, decides that searching for the query already shown does
  /// nothing: no request, no state change. (The demo's screen only explains why.)
  @Test func searchingForTheQueryAlreadyShownStartsNothing() async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true, query: "x")

    await list.searchAndPause(" x ")

    #expect(list.calls.requests == [.list(query: "x", page: 1, pageSize: 3)])
    #expect(list.tasks.unfinishedCount == 0)
    await list.screen.finish()
  }

  @Test func refreshAndPagingUseTheCurrentQuery() async {
    let list = UserListScreen()
    await list.beginWithList(1...3, hasMore: true, query: "x")

    await list.loadNextPage(answering: 1, with: TestUsers.page(4...5, hasMore: false))
    await list.refresh(answering: 2, with: TestUsers.page(1...3, hasMore: true))

    #expect(
      list.calls.requests == [
        .list(query: "x", page: 1, pageSize: 3), .list(query: "x", page: 2, pageSize: 3),
        .list(query: "x", page: 1, pageSize: 3),
      ])
    await list.screen.expect(
      list.state, .list(1...3, query: "x", .loadingMore),
      .list(1...5, query: "x", .idle(hasMore: false)), .list(1...5, query: "x", .refreshing),
      .list(1...3, query: "x", .idle(hasMore: true)))
    await list.screen.finish()
  }
}
