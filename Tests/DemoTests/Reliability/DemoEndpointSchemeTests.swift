import Foundation
import TestServers
import Testing

/// `--endpoint` with the scheme in capitals (`HTTP://127.0.0.1:port`): schemes are
/// case-insensitive (RFC 3986), and the users load as with `http://`. Before, the flag parser
/// accepted it but swift-corelibs-foundation found no protocol for `HTTP`: every load said
/// "Something went wrong" and no request was sent.
@Suite(.timeLimit(.minutes(5)))
struct DemoEndpointSchemeTests {
  @Test(arguments: ["HTTP", "Http"])
  func anEndpointWithTheSchemeInCapitalsLoadsTheUsers(scheme: String) async throws {
    try await withStaticUserServer(serving: Data(Self.usersJSON.utf8)) { server in
      let endpoint = "\(scheme)://127.0.0.1:\(server.port)"
      let outcome = try await DemoProcess.run(
        LiveServerFlags.arguments(for: endpoint), input: "quit\n")
      #expect(outcome.status == 0)
      #expect(outcome.stdout.contains("Leanne Graham"), "\(outcome.stdout.suffix(400))")
      #expect(!outcome.stdout.contains("Something went wrong"))
    }
  }

  /// `--endpoint http://[::1]:port` is refused at the flag, with a message that says why and
  /// what works instead (issue 40). Before, it was accepted and every load said "Something went
  /// wrong": swift-corelibs-foundation's `URL.host` is `::1` where libcurl's is `[::1]`, and
  /// `URLSession` refuses a URL whose hosts disagree (`URLError.badURL`, nothing sent).
  @Test(arguments: [
    "http://[::1]:8080", "https://[2001:db8::1]/api", "HTTP://[::ffff:127.0.0.1]:80",
  ])
  func anIPv6LiteralEndpointIsRefusedAtTheFlag(endpoint: String) async throws {
    #if os(Linux)
      let outcome = try await DemoProcess.run(["--endpoint", endpoint], input: "quit\n")
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("IPv6"), "\(outcome.stderr.prefix(400))")
      #expect(!outcome.stdout.contains("Something went wrong"))
    #endif
  }

  static let usersJSON = """
    [{"id":1,"name":"Leanne Graham","username":"Bret","email":"Sincere@april.biz"}]
    """
}
