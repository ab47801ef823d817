import SignalsTesting
import Testing

@testable import UserFeature

/// The intents a screen forwards as they come: the view model decides whether there is anything
/// to do, and answers a request it does not carry out with ``UserListEvent/refused(_:)``.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserListIntentTests {
  let list = UserListScreen()
  var screen: ScreenHarness { list.screen }

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
  func aRequestWithNothingToDoIsRefusedAndChangesNothing(_ refused: Refused) async {
    if let shown = refused.shown {
      await list.beginWithList(shown, hasMore: false, query: refused.query)
    } else {
      await screen.expect(list.state, .idle)
    }

    refused.intent(list.viewModel)

    await screen.expect(list.events, .refused(refused.refusal))
    // Runs a search the intent may have scheduled: it must change nothing either.
    await screen.advance(by: UserListViewModel.searchDebounce)
    #expect(list.calls.requests.count == (refused.shown == nil ? 0 : 1))
    await screen.finish()
  }

  @Test func openingAPositionOnTheListShowsThatUser() async {
    await list.beginWithList(4...6, hasMore: false)

    list.viewModel.open(2)

    await screen.expect(list.events, .showDetail(5))
    await screen.finish()
  }

  @Test func aSubmittedNewQuerySearchesAfterTheDebounce() async {
    await list.beginWithList(1...2, hasMore: false)

    list.viewModel.submitSearch("Le")
    await screen.advance(by: UserListViewModel.searchDebounce)
    await screen.resolve(list.calls, 1, with: TestUsers.page(1...1, hasMore: false))

    #expect(list.calls.requests.last == .list(query: "Le", page: 1, pageSize: 3))
    await screen.expect(
      list.state, .loading(query: "Le"), .list(1...1, query: "Le", .idle(hasMore: false)))
    await screen.finish()
  }

  @Test func aNextPageWhileOneLoadsIsNeitherStartedNorRefused() async {
    await list.beginWithList(1...3, hasMore: true)

    list.viewModel.loadNextPage()
    list.viewModel.loadNextPage()

    #expect(list.tasks.unfinishedCount == 1)
    await screen.resolve(list.calls, 1, with: TestUsers.page(4...4, hasMore: false))
    await screen.expect(
      list.state, .list(1...3, .loadingMore), .list(1...4, .idle(hasMore: false)))
    await screen.finish()
  }
}
