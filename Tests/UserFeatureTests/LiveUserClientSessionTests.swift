import Foundation
import TestServers
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session handed to `LiveUserClient` gives only its configuration: one with a delegate is
/// refused, never silently ignored. (That each request runs in a session of its own is
/// `BoundedHTTPTests.SessionTests`.)
@Suite(.timeLimit(.minutes(5)))
struct LiveUserClientSessionTests {
  /// Records nothing; only its presence matters.
  final class SomeDelegate: NSObject, URLSessionDataDelegate, Sendable {}

  @Test func aSessionWithADelegateIsRefusedWithAClearError() throws {
    let session = URLSession(
      configuration: .ephemeral, delegate: SomeDelegate(), delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let baseURL = try #require(URL(string: "http://127.0.0.1:1"))
    let error = #expect(throws: UserClientSetupError.self) {
      try LiveUserClient(baseURL: baseURL, session: session)
    }
    #expect(error == .sessionHasDelegate(delegateType: "SomeDelegate"))
    #expect(error?.description.contains("Pass the session's configuration instead") == true)
  }

  @Test func aSessionWithoutADelegateGivesItsConfiguration() async throws {
    let (host, _) = StubRegistry.register(
      .respond(status: 200, headers: ["X-Total-Count": "1"], body: LiveUserClientStubTests.json))
    defer { StubRegistry.unregister(host) }
    let session = StubRegistry.makeSession()
    defer { session.invalidateAndCancel() }
    let baseURL = try #require(URL(string: "https://\(host)/api"))
    let client = try LiveUserClient(baseURL: baseURL, session: session)
    let page = try await client.users(matching: "", page: 1, pageSize: 10)
    #expect(page.users.count == 3, "the stub protocol of the configuration answered")
  }
}
