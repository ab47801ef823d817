import SignalsTesting
import Testing

@testable import UserFeature

/// The intents a screen forwards as they come: the view model decides whether there is anything
/// to do, and answers a request it does not carry out with ``UserListEvent/refused(_:)``.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListIntentTests {
  let screen = UserListHarness()

  /// An intent on a screen showing `shown` (nothing if `nil`), and its answer.
  struct Refused: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let shown: ClosedRange<Int>?
    let query: String
    let intent: @MainActor @Sendable (UserListViewModel) -> Void
    let refusal: UserListRefusal

    static let all = [
      Refused(
        testDescription: "search for everyone, shown", shown: 1...2, query: "",
        intent: { $0.submitSearch("  ") }, refusal: .alreadyShowing(query: "")),
      Refused(
        testDescription: "search for the query shown", shown: 1...2, query: "Le",
        intent: { $0.submitSearch("Le ") }, refusal: .alreadyShowing(query: "Le")),
      Refused(
        testDescription: "next page with no list", shown: nil, query: "",
        intent: { $0.loadNextPage() }, refusal: .noListToPage),
      Refused(
        testDescription: "next page at the end", shown: 1...2, query: "",
        intent: { $0.loadNextPage() }, refusal: .endOfList(shown: 2)),
      Refused(
        testDescription: "open with no list", shown: nil, query: "",
        intent: { $0.open(1) }, refusal: .noListToOpen),
      Refused(
        testDescription: "open past the end", shown: 1...2, query: "",
        intent: { $0.open(3) }, refusal: .noUser(number: 3, shown: 2)),
      Refused(
        testDescription: "open below 1", shown: 1...2, query: "",
        intent: { $0.open(0) }, refusal: .noUser(number: 0, shown: 2)),
    ]
  }

  @Test(arguments: Refused.all)
  func aRequestWithNothingToDoIsRefusedAndChangesNothing(_ refused: Refused) async throws {
    if let shown = refused.shown {
      try await screen.beginWithList(shown, hasMore: false, query: refused.query)
    }
    let before = screen.states.values

    refused.intent(screen.viewModel)

    #expect(screen.events.values == [.refused(refused.refusal)])
    await screen.expectSilence()
    #expect(screen.states.values == before)
    #expect(screen.calls.requests.count == (refused.shown == nil ? 0 : 1))
  }

  @Test func openingAPositionOnTheListShowsThatUser() async throws {
    try await screen.beginWithList(4...6, hasMore: false)

    screen.viewModel.open(2)

    #expect(screen.events.values == [.showDetail(5)])
  }

  @Test func aSubmittedNewQuerySearchesAfterTheDebounce() async throws {
    try await screen.beginWithList(1...2, hasMore: false)

    screen.viewModel.submitSearch("Le")
    screen.scheduler.advance(by: UserListViewModel.searchDebounce)
    try await screen.succeed(1, with: TestUsers.page(1...1, hasMore: false))

    #expect(screen.calls.requests.last == .list(query: "Le", page: 1, pageSize: 3))
    #expect(screen.events.values.isEmpty)
  }

  @Test func aNextPageWhileOneLoadsIsNeitherStartedNorRefused() async throws {
    try await screen.beginWithList(1...3, hasMore: true)

    screen.viewModel.loadNextPage()
    screen.viewModel.loadNextPage()

    #expect(screen.tasks.unfinishedCount == 1)
    #expect(screen.events.values.isEmpty)
    try await screen.succeed(1, with: TestUsers.page(4...4, hasMore: false))
  }
}
