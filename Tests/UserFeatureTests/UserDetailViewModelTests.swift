import SignalsTesting
import Testing

@testable import UserFeature

/// The detail screen: its own state and events, refresh toasts, back navigation, lifetime.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UserDetailViewModelTests {
  let client = ControlledUserClient()

  @Test func loadsTheUserByIdentifier() async {
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    viewModel.load()
    #expect(viewModel.unfinishedTasks.count == 1)
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.user(7))
    await settle(viewModel)

    #expect(client.requests == [.user(id: 7)])
    #expect(states.values == [.idle, .loading, .loaded(TestUsers.user(7), isRefreshing: false)])
    #expect(events.values == [])
  }

  @Test func aFailedLoadShowsTheMessageAndLoadRetries() async {
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    let states = Recorder(viewModel.state)

    viewModel.load()
    await client.waitForRequests(1)
    client.fail(0, with: UserClientError.httpStatus(404))
    await settle(viewModel)
    viewModel.load()
    await client.waitForRequests(2)
    client.succeed(1, with: TestUsers.user(7))
    await settle(viewModel)

    let notFound = UserFacingError(
      kind: .notFound, message: "The requested information could not be found.",
      underlying: TestFailure())
    #expect(
      states.values == [
        .idle, .loading, .failed(notFound), .loading,
        .loaded(TestUsers.user(7), isRefreshing: false),
      ])
  }

  @Test func aFailedRefreshKeepsTheUserAndSendsAToast() async {
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.user(7))
    await settle(viewModel)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.refresh()
    viewModel.refresh()
    #expect(viewModel.unfinishedTasks.count == 1)
    await client.waitForRequests(2)
    client.fail(1, with: UserClientError.transport(URLErrorFactory.notConnected))
    await settle(viewModel)

    let user = TestUsers.user(7)
    #expect(
      states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
    #expect(
      events.values == [.toast("You appear to be offline. Check your connection and try again.")])
  }

  @Test func aSuccessfulRefreshReplacesTheUser() async {
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.user(7))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.refresh()
    await client.waitForRequests(2)
    let renamed = User(id: 7, name: "Renamed", username: "user7", email: "user7@example.com")
    client.succeed(1, with: renamed)
    await settle(viewModel)

    #expect(
      states.values == [
        .loaded(TestUsers.user(7), isRefreshing: false),
        .loaded(TestUsers.user(7), isRefreshing: true),
        .loaded(renamed, isRefreshing: false),
      ])
  }

  @Test func backCancelsTheRequestAndSendsCloseOnce() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    let states = Recorder(viewModel.state)
    let events = Recorder(viewModel.events)

    viewModel.load()
    await client.waitForRequests(1)
    viewModel.back()
    client.succeed(0, with: TestUsers.user(7))
    await settle(viewModel)

    #expect(client.cancelledRequests == [.user(id: 7)])
    #expect(states.values == [.idle, .loading, .idle])
    #expect(events.values == [.close])
  }

  @Test func cancelDuringARefreshKeepsTheUser() async {
    let client = ControlledUserClient(ignoresCancellation: true)
    let viewModel = UserDetailViewModel(userID: 7, client: client)
    viewModel.load()
    await client.waitForRequests(1)
    client.succeed(0, with: TestUsers.user(7))
    await settle(viewModel)
    let states = Recorder(viewModel.state)

    viewModel.refresh()
    await client.waitForRequests(2)
    viewModel.cancel()
    client.fail(1, with: TestFailure())
    await settle(viewModel)

    let user = TestUsers.user(7)
    #expect(
      states.values == [
        .loaded(user, isRefreshing: false), .loaded(user, isRefreshing: true),
        .loaded(user, isRefreshing: false),
      ])
  }

  @Test func aViewModelReleasedMidRequestIsDeallocatedAndSendsNothingAfterwards() async throws {
    let client = ControlledUserClient(ignoresCancellation: true)
    var viewModel: UserDetailViewModel? = UserDetailViewModel(userID: 7, client: client)
    weak let released = viewModel
    let states = Recorder(try #require(viewModel).state)
    let events = Recorder(try #require(viewModel).events)

    viewModel?.load()
    await client.waitForRequests(1)
    let tasks = viewModel?.unfinishedTasks ?? []
    viewModel = nil

    #expect(released == nil)
    #expect(client.cancelledRequests == [.user(id: 7)])
    client.succeed(0, with: TestUsers.user(7))
    for task in tasks {
      await task.value
    }
    #expect(states.values == [.idle, .loading])
    #expect(events.values == [])
  }
}
