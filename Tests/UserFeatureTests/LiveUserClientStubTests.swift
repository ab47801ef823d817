import Foundation
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `LiveUserClient` over a real `URLSession` whose loading is stubbed per test (unique host), so
/// status, body, failure and cancellation are exact and need no network.
@Suite(.timeLimit(.minutes(5)))
struct LiveUserClientStubTests {
  static let json = Data(
    """
    [
      {"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz",
       "phone": "1-770-736-8031", "address": {"city": "Gwenborough"}},
      {"id": 2, "name": "Ervin Howell", "username": "Antonette", "email": "Shanna@melissa.tv"},
      {"id": 3, "name": "Clementine Bauch", "username": "Samantha", "email": "Nathan@yesenia.net"}
    ]
    """.utf8)

  static let oneUser = Data(
    """
    {"id": 2, "name": "Ervin Howell", "username": "Antonette", "email": "Shanna@melissa.tv",
     "company": {"name": "Deckow-Crist"}}
    """.utf8)

  /// Runs `body` with a client whose host answers with `behavior`.
  func withStub<T>(
    _ behavior: StubBehavior, timeout: Duration = .seconds(10),
    _ body: (LiveUserClient, String, AsyncStream<Void>) async throws -> T
  ) async throws -> T {
    let (host, started) = StubRegistry.register(behavior)
    defer { StubRegistry.unregister(host) }
    let session = StubRegistry.makeSession()
    defer { session.invalidateAndCancel() }
    let baseURL = try #require(URL(string: "https://\(host)/api"))
    let client = LiveUserClient(
      baseURL: baseURL, configuration: session.configuration, timeout: timeout)
    return try await body(client, host, started)
  }

  /// The error `operation` throws, or `nil`.
  func error(of operation: () async throws -> some Any) async -> (any Error)? {
    do {
      _ = try await operation()
      return nil
    } catch {
      return error
    }
  }

  @Test func aPagingServerIsTrustedAndAskedWithTheWireProtocol() async throws {
    let behavior = StubBehavior.respond(
      status: 200, headers: ["Content-Type": "application/json", "X-Total-Count": "7"],
      body: Self.json)
    try await withStub(behavior, timeout: .milliseconds(29_500)) { client, host, _ in
      let page = try await client.users(matching: "an é", page: 2, pageSize: 3)

      #expect(page.users.map(\.id) == [1, 2, 3])
      #expect(page.hasMore)  // (2 - 1) * 3 + 3 = 6 < 7
      let request = try #require(StubRegistry.requests(for: host).first)
      let components = try #require(
        request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
      #expect(components.path == "/api/users/")
      #expect(
        components.queryItems == [
          URLQueryItem(name: "q", value: "an é"), URLQueryItem(name: "_page", value: "2"),
          URLQueryItem(name: "_limit", value: "3"),
        ])
      #expect(request.httpMethod == "GET")
      #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
      // The client times requests itself; the request's own interval is a whole-second backstop
      // one second later (29.5 s rounds up to 30, plus 1). The limit is generous: this request
      // must succeed, even on a machine too busy to answer a loopback stub in a few seconds.
      #expect(request.timeoutInterval == 31)
    }
  }

  @Test func theLastServerPageEndsPaging() async throws {
    let behavior = StubBehavior.respond(
      status: 200, headers: ["X-Total-Count": "6"], body: Self.json)
    try await withStub(behavior) { client, _, _ in
      let page = try await client.users(matching: "", page: 2, pageSize: 3)
      #expect(page.hasMore == false)
    }
  }

  @Test func anEmptyQueryIsNotSent() async throws {
    let behavior = StubBehavior.respond(
      status: 200, headers: ["X-Total-Count": "3"], body: Self.json)
    try await withStub(behavior) { client, host, _ in
      _ = try await client.users(matching: "", page: 1, pageSize: 3)
      let url = try #require(StubRegistry.requests(for: host).first?.url)
      #expect(url.query == "_page=1&_limit=3")
    }
  }

  @Test func withoutATotalTheBodyIsTheFullListAndIsFilteredAndPagedLocally() async throws {
    let behavior = StubBehavior.respond(status: 200, headers: [:], body: Self.json)
    try await withStub(behavior) { client, _, _ in
      let first = try await client.users(matching: "", page: 1, pageSize: 2)
      let second = try await client.users(matching: "", page: 2, pageSize: 2)
      let search = try await client.users(matching: "SAMANTHA", page: 1, pageSize: 2)

      #expect(first.users.map(\.id) == [1, 2])
      #expect(first.hasMore)
      #expect(second.users.map(\.id) == [3])
      #expect(second.hasMore == false)
      #expect(search.users.map(\.id) == [3])
    }
  }

  @Test func oneUserDecodesIgnoringUnknownFields() async throws {
    let behavior = StubBehavior.respond(status: 200, headers: [:], body: Self.oneUser)
    try await withStub(behavior) { client, host, _ in
      let user = try await client.user(id: 2)
      #expect(
        user == User(id: 2, name: "Ervin Howell", username: "Antonette", email: "Shanna@melissa.tv")
      )
      #expect(StubRegistry.requests(for: host).first?.url?.path == "/api/users/2")
    }
  }

  @Test(arguments: [404, 500, 302, 401])
  func aNon2xxStatusIsATypedErrorCarryingTheCode(status: Int) async throws {
    let behavior = StubBehavior.respond(status: status, headers: [:], body: Data("{}".utf8))
    try await withStub(behavior) { client, _, _ in
      let thrown = await error { try await client.user(id: 1) }
      guard case UserClientError.httpStatus(let code)? = thrown else {
        Issue.record("expected httpStatus(\(status)), got \(String(describing: thrown))")
        return
      }
      #expect(code == status)
    }
  }

  @Test func status404MeansNotFoundForPeople() async throws {
    let behavior = StubBehavior.respond(status: 404, headers: [:], body: Data())
    try await withStub(behavior) { client, _, _ in
      let thrown = try #require(await error { try await client.user(id: 1) })
      #expect(UserFacingError(thrown).kind == .notFound)
    }
  }

  @Test(arguments: ["malformed", "empty", "wrongShape"])
  func anUndecodableBodyIsATypedDecodingError(kind: String) async throws {
    let body =
      switch kind {
      case "malformed": Data("[{\"id\": 1, \"name\": ".utf8)
      case "empty": Data()
      default: Data("{\"users\": []}".utf8)
      }
    let behavior = StubBehavior.respond(status: 200, headers: [:], body: body)
    try await withStub(behavior) { client, _, _ in
      let thrown = await error { try await client.users(matching: "", page: 1, pageSize: 3) }
      guard let thrown, case UserClientError.decoding = thrown else {
        Issue.record("expected a decoding error, got \(String(describing: thrown))")
        return
      }
      #expect(UserFacingError(thrown).kind == .unexpected)
    }
  }

  @Test func aTimeoutIsATransportErrorShownAsTimedOut() async throws {
    try await withStub(.fail(URLError(.timedOut))) { client, _, _ in
      let thrown = await error { try await client.user(id: 1) }
      guard let thrown, case UserClientError.transport(let urlError) = thrown else {
        Issue.record("expected a transport error, got \(String(describing: thrown))")
        return
      }
      #expect(urlError.code == .timedOut)
      #expect(UserFacingError(thrown).kind == .timedOut)
    }
  }

  /// The request is running (the stub has it) when its timeout fires: the caller is answered
  /// with a timeout and the request is cancelled. (A request stopped before it started is never
  /// started: the transfers start one at a time, so beside a busy machine the start can come
  /// after a short timeout; the timeout here leaves the start room. With 2 s, one clean CI run
  /// on a machine busy with the whole suite never saw the stub told to stop, most likely because
  /// the cancel came while swift-corelibs-foundation was still starting the stub.)
  @Test func aRequestStillRunningAtTheTimeoutIsCancelledAndTimesOut() async throws {
    try await withStub(.hang, timeout: .seconds(5)) { client, host, started in
      async let answer = error { try await client.user(id: 1) }
      var starts = started.makeAsyncIterator()
      await starts.next()  // the stub is holding the request
      let thrown = await answer
      guard let thrown, case UserClientError.transport(let urlError) = thrown else {
        Issue.record("expected a transport error, got \(String(describing: thrown))")
        return
      }
      #expect(urlError.code == .timedOut)
      var stops = StubRegistry.stops(for: host).makeAsyncIterator()
      await stops.next()
      #expect(StubRegistry.stoppedCount(for: host) == 1)
    }
  }

  @Test func beingOfflineIsATransportErrorShownAsOffline() async throws {
    try await withStub(.fail(URLError(.notConnectedToInternet))) { client, _, _ in
      let thrown = try #require(await error { try await client.user(id: 1) })
      #expect(UserFacingError(thrown).kind == .offline)
    }
  }

  @Test func cancellingTheCallerCancelsTheRequestAndThrowsCancellationError() async throws {
    try await withStub(.hang) { client, host, started in
      let task = Task { try await client.users(matching: "", page: 1, pageSize: 3) }
      var iterator = started.makeAsyncIterator()
      await iterator.next()
      task.cancel()
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      // The caller returns at once; the load is stopped in the background, once.
      var stops = StubRegistry.stops(for: host).makeAsyncIterator()
      await stops.next()
      #expect(StubRegistry.stoppedCount(for: host) == 1)
    }
  }

  @Test func aCallerCancelledBeforeTheRequestStartsSendsNothing() async throws {
    try await withStub(.hang) { client, host, _ in
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await client.user(id: 1)
      }
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(StubRegistry.requests(for: host).isEmpty)
    }
  }
}
