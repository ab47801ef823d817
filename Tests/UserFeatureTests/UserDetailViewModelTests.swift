import SignalsTesting
import Testing

@testable import UserFeature

/// The detail screen: its own state and events, refresh toasts, back navigation, lifetime.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UserDetailViewModelTests {
  @Test func loadsTheUserByIdentifier() async throws {
    let screen = UserDetailHarness(userID: 7)

    screen.viewModel.load()
    screen.viewModel.load()
    #expect(screen.tasks.unfinishedCount == 1)
    try await screen.succeed(0, with: TestUsers.user(7))

    #expect(screen.calls.requests == [7])
    #expect(
      screen.states.values == [.idle, .loading, .loaded(TestUsers.user(7), isRefreshing: false)])
    #expect(screen.events.values == [])
  }

  @Test func aFailedLoadShowsTheMessageAndLoadRetries() async throws {
    let screen = UserDetailHarness(userID: 7)

    screen.viewModel.load()
    try await screen.fail(0, with: UserClientError.httpStatus(404))
    screen.viewModel.load()
    try await screen.succeed(1, with: TestUsers.user(7))

    let notFound = UserFacingError(
      kind: .notFound, message: "The requested information could not be found.",
      underlying: TestFailure())
    #expect(
      screen.states.values == [
        .idle, .loading, .failed(notFound), .loading,
        .loaded(TestUsers.user(7), isRefreshing: false),
      ])
  }

  @Test func aFailedRefreshKeepsTheUserAndSendsAToast() async throws {
    let screen = UserDetailHarness(userID: 7)
    try await screen.beginWithUser()

    screen.viewModel.startRefresh()
    screen.viewModel.startRefresh()
    #expect(screen.tasks.unfinishedCount == 1)
    try await screen.fail(1, with: UserClientError.transport(URLErrorFactory.notConnected))

    let user = TestUsers.user(7)
    #expect(
      screen.states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
    #expect(
      screen.events.values == [
        .toast("You appear to be offline. Check your connection and try again.")
      ])
  }

  @Test func aSuccessfulRefreshReplacesTheUser() async throws {
    let screen = UserDetailHarness(userID: 7)
    try await screen.beginWithUser()

    screen.viewModel.startRefresh()
    let renamed = User(id: 7, name: "Renamed", username: "user7", email: "user7@example.com")
    try await screen.succeed(1, with: renamed)

    #expect(
      screen.states.values == [
        .loaded(TestUsers.user(7), isRefreshing: false),
        .loaded(TestUsers.user(7), isRefreshing: true),
        .loaded(renamed, isRefreshing: false),
      ])
  }

  @Test func backCancelsTheRequestAndSendsCloseOnce() async throws {
    let screen = UserDetailHarness(userID: 7, whenCancelled: .keepsWaitingForAnswer)

    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)
    screen.viewModel.back()
    try await screen.succeed(0, with: TestUsers.user(7))

    #expect(screen.calls.cancelledRequests == [7])
    #expect(screen.states.values == [.idle, .loading, .idle])
    #expect(screen.events.values == [.close])
  }

  @Test func cancelDuringARefreshKeepsTheUser() async throws {
    let screen = UserDetailHarness(userID: 7, whenCancelled: .keepsWaitingForAnswer)
    try await screen.beginWithUser()

    screen.viewModel.startRefresh()
    _ = try await screen.calls.requests(count: 2)
    screen.viewModel.cancel()
    try await screen.fail(1, with: TestFailure())

    let user = TestUsers.user(7)
    #expect(
      screen.states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async throws {
    let screen = UserDetailHarness(userID: 7, whenCancelled: .keepsWaitingForAnswer)
    weak let released = screen.viewModel
    screen.viewModel.load()
    _ = try await screen.calls.requests(count: 1)

    screen.releaseViewModel()

    #expect(released == nil)
    #expect(screen.calls.cancelledRequests == [7])
    screen.calls.resolve(0, with: TestUsers.user(7))
    await screen.expectSilence()
    #expect(screen.states.values == [.idle, .loading])
    #expect(screen.events.values == [])
  }
}
