import Foundation
import TestServers
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `LiveUserClient` runs every request in one session for its lifetime, so a server that keeps
/// connections open sees one connection for many requests (a session per request opened one
/// each); and a session handed in with a delegate is refused, never silently ignored.
@Suite(.timeLimit(.minutes(5)))
struct LiveUserClientSessionTests {
  @Test func requestsReuseOneConnection() async throws {
    try await withRawHTTPServer { server, session in
      let client = try LiveUserClient(baseURL: try server.baseURL(.keepAlive), session: session)
      for _ in 1...4 {
        let page = try await client.users(matching: "", page: 1, pageSize: 10)
        #expect(page.users.map(\.id) == [1])
      }
      var seen: [String] = []
      for await line in server.lines {
        seen.append(line)
        if seen.filter({ $0 == "request" }).count == 4 { break }
      }
      #expect(seen == ["connection", "request", "request", "request", "request"])
    }
  }

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
