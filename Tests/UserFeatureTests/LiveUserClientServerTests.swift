import Foundation
import SignalsTesting
import TestServers
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `LiveUserClient` against a real HTTP server on 127.0.0.1 (python3's `http.server` serving
/// the bundled fixture as a static directory), so every run exercises the real network stack:
/// sockets, HTTP parsing, directory indexes, timeouts and cancellation.
@Suite(.timeLimit(.minutes(5)))
struct LiveUserClientServerTests {
  /// Runs `body` with a client talking to a fresh static server of the bundled fixture (a
  /// ``StaticUserSite``, with every extra field the fixture has); cleans up on every path.
  func withStaticServer(
    timeout: Duration = Patience.requestTimeout,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LiveUserClient) async throws -> Void
  ) async throws {
    let fixture = try Data(contentsOf: OfflineUserClient.fixtureURL())
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    try await withStaticUserServer(serving: fixture) { server in
      try await body(
        LiveUserClient(
          baseURL: try server.baseURL, configuration: session.configuration, timeout: timeout))
    }
  }

  @Test func pagesThroughTheFixtureServedStatically() async throws {
    let fixture = try OfflineUserClient.fixtureUsers()
    try await withStaticServer { client in
      let first = try await client.users(matching: "", page: 1, pageSize: 10)
      let last = try await client.users(matching: "", page: 4, pageSize: 10)
      let past = try await client.users(matching: "", page: 5, pageSize: 10)

      #expect(first == UserPage(users: Array(fixture[0..<10]), hasMore: true))
      #expect(last == UserPage(users: Array(fixture[30..<34]), hasMore: false))
      #expect(past == UserPage(users: [], hasMore: false))
    }
  }

  @Test func searchesTheStaticListOnTheClient() async throws {
    try await withStaticServer { client in
      let page = try await client.users(matching: "GRAHAM", page: 1, pageSize: 10)
      #expect(page.users.map(\.name) == ["Leanne Graham"])
      #expect(page.hasMore == false)
    }
  }

  @Test func fetchesOneUserAndAnswers404ForAnUnknownOne() async throws {
    let fixture = try OfflineUserClient.fixtureUsers()
    try await withStaticServer { client in
      #expect(try await client.user(id: 7) == fixture[6])
      do {
        _ = try await client.user(id: 999)
        Issue.record("user 999 should not exist")
      } catch UserClientError.httpStatus(let code) {
        #expect(code == 404)
      }
    }
  }

  @MainActor
  @Test func theListViewModelLoadsAndPagesOverRealHTTP() async throws {
    let fixture = try OfflineUserClient.fixtureUsers()
    try await withStaticServer { client in
      let viewModel = UserListViewModel(client: client, scheduler: TestScheduler(), pageSize: 20)
      let states = Recorder(viewModel.state)

      viewModel.load()
      await settle(tasks: TaskOwnerProbe(viewModel.tasks), timeout: .seconds(120))
      viewModel.loadNextPage()
      await settle(tasks: TaskOwnerProbe(viewModel.tasks), timeout: .seconds(120))

      let firstPage = UserListContent(
        query: "", users: Array(fixture[0..<20]), activity: .idle(hasMore: true))
      #expect(
        states.values == [
          .idle, .loading(query: ""), .loaded(firstPage),
          .loaded(UserListContent(query: "", users: firstPage.users, activity: .loadingMore)),
          .loaded(UserListContent(query: "", users: fixture, activity: .idle(hasMore: false))),
        ])
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    // URLSession's own timeout is set far beyond the client's, so a `.timedOut` that arrives
    // before it can only come from the client's timer, however slow the machine is (under
    // ThreadSanitizer on a loaded 2-core machine the 300 ms timer has fired after 30 s).
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 600
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    try await withLocalServer(.silent) { server in
      // Sub-second on purpose: swift-corelibs-foundation truncates URLRequest.timeoutInterval
      // to whole seconds (0.3 s would fire at once), so the client runs its own timer.
      let client = LiveUserClient(
        baseURL: try server.baseURL, configuration: session.configuration,
        timeout: .milliseconds(300))
      let started = ContinuousClock.now
      do {
        _ = try await client.user(id: 1)
        Issue.record("a silent server cannot answer")
      } catch UserClientError.transport(let error) {
        #expect(error.code == .timedOut)
      }
      let elapsed = ContinuousClock.now - started
      #expect(elapsed >= .milliseconds(300), "timed out early, after \(elapsed)")
      #expect(elapsed < .seconds(300), "the client's timeout did not fire; waited \(elapsed)")
    }
  }

  @Test func cancellingTheCallerAbortsTheRealRequest() async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    try await withLocalServer(.silent) { server in
      let client = LiveUserClient(
        baseURL: try server.baseURL, configuration: session.configuration,
        timeout: Patience.requestTimeout)
      await expectCancellationOnceAccepted(serverLines: server.lines) {
        try await client.user(id: 1)
      }
    }
  }

  @Test func nobodyListeningIsShownAsOffline() async throws {
    let server = try await LocalServer.start(.silent)
    let baseURL = try server.baseURL
    await server.stopAndWait()
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = LiveUserClient(baseURL: baseURL, configuration: session.configuration)
    do {
      _ = try await client.user(id: 1)
      Issue.record("nothing listens on \(baseURL)")
    } catch {
      #expect(UserFacingError(error).kind == .offline, "\(error)")
    }
  }
}
