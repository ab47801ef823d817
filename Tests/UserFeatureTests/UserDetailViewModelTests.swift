import SignalsTesting
import Testing

@testable import UserFeature

/// The detail screen: its own state and events, refresh toasts, back navigation, lifetime.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserDetailViewModelTests {
  @Test func loadsTheUserByIdentifier() async {
    let detail = UserDetailScreen(userID: 7)

    detail.viewModel.load()
    detail.viewModel.load()
    #expect(detail.tasks.unfinishedCount == 1)
    await detail.screen.resolve(detail.calls, 0, with: TestUsers.user(7))

    #expect(detail.calls.requests == [7])
    await detail.screen.expect(
      detail.state, .idle, .loading, .loaded(TestUsers.user(7), isRefreshing: false))
    await detail.screen.finish()
  }

  @Test func aFailedLoadShowsTheMessageAndLoadRetries() async {
    let detail = UserDetailScreen(userID: 7)

    detail.viewModel.load()
    await detail.screen.fail(detail.calls, 0, with: UserClientError.httpStatus(404))
    detail.viewModel.load()
    await detail.screen.resolve(detail.calls, 1, with: TestUsers.user(7))

    let notFound = UserFacingError(
      kind: .notFound, message: "The requested information could not be found.",
      underlying: TestFailure())
    await detail.screen.expect(
      detail.state, .idle, .loading, .failed(notFound), .loading,
      .loaded(TestUsers.user(7), isRefreshing: false))
    await detail.screen.finish()
  }

  @Test func aFailedRefreshKeepsTheUserAndSendsAToast() async {
    let detail = UserDetailScreen(userID: 7)
    await detail.beginWithUser()

    detail.viewModel.startRefresh()
    detail.viewModel.startRefresh()
    #expect(detail.tasks.unfinishedCount == 1)
    await detail.screen.fail(
      detail.calls, 1, with: UserClientError.transport(URLErrorFactory.notConnected))

    let user = TestUsers.user(7)
    await detail.screen.expect(
      detail.state, .loaded(user, isRefreshing: true), .loaded(user, isRefreshing: false))
    await detail.screen.expect(
      detail.events, .toast("You appear to be offline. Check your connection and try again."))
    await detail.screen.finish()
  }

  @Test func aSuccessfulRefreshReplacesTheUser() async {
    let detail = UserDetailScreen(userID: 7)
    await detail.beginWithUser()

    detail.viewModel.startRefresh()
    let renamed = User(id: 7, name: "Renamed", username: "user7", email: "user7@example.com")
    await detail.screen.resolve(detail.calls, 1, with: renamed)

    await detail.screen.expect(
      detail.state, .loaded(TestUsers.user(7), isRefreshing: true),
      .loaded(renamed, isRefreshing: false))
    await detail.screen.finish()
  }

  @Test func backCancelsTheRequestAndSendsCloseOnce() async {
    let detail = UserDetailScreen(userID: 7, whenCancelled: .keepsWaitingForAnswer)

    detail.viewModel.load()
    await detail.screen.expect(detail.state, .idle, .loading)
    detail.viewModel.back()
    await detail.screen.resolve(detail.calls, 0, with: TestUsers.user(7))

    #expect(detail.calls.cancelledRequests == [7])
    await detail.screen.expect(detail.state, .idle)
    await detail.screen.expect(detail.events, .close)
    await detail.screen.finish()
  }

  @Test func cancelDuringARefreshKeepsTheUser() async {
    let detail = UserDetailScreen(userID: 7, whenCancelled: .keepsWaitingForAnswer)
    await detail.beginWithUser()

    detail.viewModel.startRefresh()
    let user = TestUsers.user(7)
    await detail.screen.expect(detail.state, .loaded(user, isRefreshing: true))
    detail.viewModel.cancel()
    await detail.screen.fail(detail.calls, 1, with: TestFailure())

    await detail.screen.expect(detail.state, .loaded(user, isRefreshing: false))
    await detail.screen.finish()
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async {
    let detail = UserDetailScreen(userID: 7, whenCancelled: .keepsWaitingForAnswer)
    weak let released = detail.viewModel
    detail.viewModel.load()
    await detail.screen.expect(detail.state, .idle, .loading)

    detail.releaseViewModel()

    #expect(released == nil)
    #expect(detail.calls.cancelledRequests == [7])
    await detail.screen.resolve(detail.calls, 0, with: TestUsers.user(7))
    await detail.screen.finish()
  }
}
