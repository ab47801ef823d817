import BoundedHTTP
import Foundation
import TestServers
import Testing
import UserFeature

@testable import Demo

/// `--timeout S`: the Demo sends its requests to a live server with the timeout the flag gives
/// (`FlagParserTests` check the flag itself), and a server silent past it shows the timeout
/// screen.
@Suite(.timeLimit(.minutes(5)))
struct DemoTimeoutTests {
  @Test @MainActor func theClientForALiveServerHasTheTimeoutGiven() throws {
    let client = DemoMain.httpClient(timeout: .seconds(7))
    #if os(Linux)
      let childProcess = try #require(client as? ChildProcessHTTPClient)
      #expect(childProcess.timeout == .seconds(7))
    #else
      let inProcess = try #require(client as? BoundedHTTPClient)
      #expect(inProcess.timeout == .seconds(7))
    #endif
  }

  /// The server reads the request and never answers; with `--timeout 1` the load fails after a
  /// second or so (however busy the machine, nothing here waits for a deadline but the Demo).
  @Test func aServerSilentPastTheTimeoutShowsTheTimeoutScreen() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let outcome = try await DemoProcess.run(
      ["--endpoint", try server.baseURL(.silent).absoluteString, "--timeout", "1"],
      input: "quit\n")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    let message = UserFacingError(UserClientError.transport(URLError(.timedOut))).message
    #expect(outcome.stdout.contains(message), "\(outcome.stdout.suffix(400))")
  }
}
