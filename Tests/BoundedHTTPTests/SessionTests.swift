import BoundedHTTP
import Foundation
import TestServers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every request of a ``BoundedHTTPClient`` runs in a session of its own: a refused or
/// cancelled transfer leaves no session, connection or queue that the next request shares.
@Suite(.timeLimit(.minutes(5)))
struct SessionTests {
  /// The server keeps connections open and would answer every request on one; each request
  /// still arrives on a connection of its own.
  @Test func everyRequestHasAConnectionOfItsOwn() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let client = BoundedHTTPClient(
      configuration: .ephemeral, timeout: Patience.requestTimeout, maximumBodySize: 4096)
    let url = try server.baseURL(.keepAlive)
    for _ in 1...3 {
      let (_, response) = try await client.data(for: URLRequest(url: url))
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
    var seen: [String] = []
    for await line in server.lines {
      seen.append(line)
      if seen.count == 6 { break }
    }
    #expect(seen == Array(repeating: ["connection", "request"], count: 3).flatMap { $0 })
  }

  /// After a refused endless body, the next request is answered in full.
  @Test func aRequestAfterARefusalIsAnsweredInFull() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let client = BoundedHTTPClient(
      configuration: .ephemeral, timeout: Patience.requestTimeout, maximumBodySize: 4096)
    await #expect(throws: BoundedHTTPError.self) {
      try await client.data(for: URLRequest(url: try server.baseURL(.endless)))
    }
    let (body, _) = try await client.data(for: URLRequest(url: try server.baseURL(.keepAlive)))
    #expect(String(decoding: body, as: UTF8.self).contains("\"id\":1"))
  }

  /// RFC 3986: schemes are case-insensitive. swift-corelibs-foundation finds no protocol for
  /// `HTTP` (it failed with `URLError.unsupportedURL` and sent nothing); the client lower-cases
  /// the scheme first.
  @Test(arguments: ["HTTP", "Http", "http"])
  func theSchemeIsCaseInsensitive(scheme: String) async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let client = BoundedHTTPClient(
      configuration: .ephemeral, timeout: Patience.requestTimeout, maximumBodySize: 4096)
    let url = try #require(URL(string: "\(scheme)://127.0.0.1:\(server.port)/keepAlive"))
    let (_, response) = try await client.data(for: URLRequest(url: url))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
  }
}
