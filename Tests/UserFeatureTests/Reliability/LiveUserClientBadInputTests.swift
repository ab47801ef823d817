import Foundation
import SignalsTesting
import TestServers
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `LiveUserClient` against a real TCP server that answers badly on purpose (see
/// ``RawHTTPServer``): every kind of bad input ends in a typed ``UserClientError`` and a
/// user-facing message, never a crash or a hang. The client's timeout (10 s, 300 ms for the
/// silent server) makes a hang show up as a wrong error, not a stuck test; it is generous, since
/// the client's timer fires on time even when the machine is too busy to deliver the answer in
/// 2 s (seen beside the whole suite). The body size limit has its own suite,
/// `BoundedHTTPTests.BodyLimitTests`.
// A hang guard, not a deadline: decoding the 20 MB payload in a debug build beside six busy
// loops (CI's busy-machine step) took over a minute, so the guard is five.
@Suite(.timeLimit(.minutes(5)))
struct LiveUserClientBadInputTests {
  /// What a bad answer must turn into.
  enum Expected: Sendable, CustomTestStringConvertible {
    /// ``UserClientError/decoding(_:)``, shown as ``UserFacingError/Kind/unexpected``.
    case decoding
    /// ``UserClientError/connectionLost(_:)``: the body was cut short after the response
    /// started, shown as ``UserFacingError/Kind/connectionLost`` whatever code the platform's
    /// HTTP stack reported (swift-corelibs-foundation's libcurl says `.unknown`, Darwin
    /// `.networkConnectionLost`).
    case connectionLost
    /// ``UserClientError/transport(_:)`` with one of these codes, shown as offline or
    /// unexpected. The code depends on the platform's HTTP stack.
    case transport(Set<URLError.Code>)

    var testDescription: String {
      switch self {
      case .decoding: "decoding"
      case .connectionLost: "connectionLost"
      case .transport(let codes): "transport(\(codes.map(\.rawValue).sorted()))"
      }
    }

    /// The user-facing kinds this error may be shown as.
    var kinds: Set<UserFacingError.Kind> {
      switch self {
      case .decoding: [.unexpected]
      case .connectionLost: [.connectionLost]
      case .transport: [.offline, .unexpected]
      }
    }
  }

  /// Each misbehaviour with the error it must produce. Observed on Linux (Swift 6.3): closed at
  /// once `.badServerResponse`, a non-HTTP status line `.unsupportedURL` (libcurl refuses
  /// HTTP/0.9).
  static let cases: [(RawHTTPServer.Mode, Expected)] = [
    (.malformed, .decoding),
    (.truncated, .connectionLost),
    (.nonUTF8, .decoding),
    (.resetMidBody, .connectionLost),
    (.empty, .decoding),
    (.closeAtOnce, .transport([.badServerResponse, .networkConnectionLost])),
    (.garbage, .transport([.unsupportedURL, .badServerResponse, .cannotParseResponse])),
  ]

  @Test(arguments: cases)
  func badAnswerBecomesATypedErrorAndAMessage(
    _ mode: RawHTTPServer.Mode, _ expected: Expected
  ) async throws {
    try await withRawHTTPServer { server, session in
      let client = LiveUserClient(
        baseURL: try server.baseURL(mode), configuration: session.configuration,
        timeout: Patience.requestTimeout)
      let error = await #expect(throws: UserClientError.self) {
        try await client.users(matching: "", page: 1, pageSize: 10)
      }
      switch (error, expected) {
      case (.decoding?, .decoding), (.connectionLost?, .connectionLost):
        break
      case (.transport(let urlError)?, .transport(let codes)):
        #expect(codes.contains(urlError.code), "\(mode): \(urlError)")
      default:
        Issue.record("\(mode): expected \(expected), got \(String(describing: error))")
      }
      let facing = UserFacingError(try #require(error))
      #expect(expected.kinds.contains(facing.kind), "\(mode): \(facing)")
      #expect(facing.message == UserFacingError.message(for: facing.kind))
    }
  }

  @Test func aServerThatNeverAnswersTimesOutAfterTheConfiguredLimit() async throws {
    try await withRawHTTPServer { server, session in
      let client = LiveUserClient(
        baseURL: try server.baseURL(.silent), configuration: session.configuration,
        timeout: .milliseconds(300))
      let error = await #expect(throws: UserClientError.self) {
        try await client.user(id: 1)
      }
      guard case .transport(let urlError)? = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        return
      }
      #expect(urlError.code == .timedOut)
      #expect(UserFacingError(urlError).kind == .timedOut)
    }
  }

  @Test func cancellingWhileTheServerIsSilentThrowsCancellationError() async throws {
    try await withRawHTTPServer { server, session in
      let client = LiveUserClient(
        baseURL: try server.baseURL(.silent), configuration: session.configuration,
        timeout: Patience.requestTimeout)
      await expectCancellationOnceAccepted(serverLines: server.lines) {
        try await client.users(matching: "", page: 1, pageSize: 10)
      }
    }
  }

  /// A 20 MB array of valid users announces its length: the default 4 MiB limit refuses it at
  /// its headers. With the limit raised, the same body decodes and is paged locally (the client
  /// pages a list without `X-Total-Count` itself). The timeout is no part of the test (beside
  /// CI's busy loops it took 116 s).
  @Test func aTwentyMegabytePayloadIsRefusedUnlessTheLimitIsRaised() async throws {
    try await withRawHTTPServer { server, session in
      let url = try server.baseURL(.huge)
      let refusing = LiveUserClient(
        baseURL: url, configuration: session.configuration, timeout: Patience.requestTimeout)
      await #expect(throws: UserClientError.self) {
        try await refusing.users(matching: "", page: 1, pageSize: 10)
      }
      let raised = LiveUserClient(
        baseURL: url, configuration: session.configuration, timeout: Patience.requestTimeout,
        maximumBodySize: 32_000_000)
      let page = try await raised.users(matching: "", page: 2, pageSize: 10)
      #expect(page.users.map(\.id) == Array(11...20))
      #expect(page.hasMore)
      let matching = try await raised.users(matching: "user179999@", page: 1, pageSize: 10)
      #expect(matching.users.map(\.id) == [179_999])
    }
  }

  /// End to end: the list view model over a server sending malformed JSON shows the error
  /// screen with the message, and sends no event.
  @MainActor
  @Test func theListViewModelShowsTheErrorScreenForMalformedJSON() async throws {
    try await withRawHTTPServer { server, session in
      let client = LiveUserClient(
        baseURL: try server.baseURL(.malformed), configuration: session.configuration,
        timeout: Patience.requestTimeout)
      let viewModel = UserListViewModel(client: client, scheduler: TestScheduler())
      let states = Recorder(viewModel.state)
      let events = Recorder(viewModel.events)

      viewModel.load()
      await settle(tasks: TaskOwnerProbe(viewModel.tasks), timeout: .seconds(120))

      let expected = UserFacingError(
        kind: .unexpected, message: UserFacingError.message(for: .unexpected),
        underlying: TestFailure())
      #expect(states.values == [.idle, .loading(query: ""), .failed(query: "", error: expected)])
      #expect(events.values == [])
    }
  }
}
