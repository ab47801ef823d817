import Foundation
import TestServers
import Testing
import UserFeature

/// Issue 40, item 1, where a user meets it: the Demo against a server that sends its status line
/// and closes the connection. swift-corelibs-foundation up to Swift 6.3 traps there
/// (swiftlang/swift-corelibs-foundation#5285), and the Demo died with it (SIGILL, no error
/// screen). It now runs each transfer in a child process of its own executable
/// (`ChildProcessHTTPClient`): the child dies, and the Demo shows the error and goes on.
@Suite(.timeLimit(.minutes(5)))
struct DemoHangUpServerTests {
  @Test(arguments: RawHTTPServer.Mode.hangingUpAfterTheStatusLine)
  func aServerThatHangsUpAfterItsStatusLineIsAnErrorScreenNotACrash(
    _ mode: RawHTTPServer.Mode
  ) async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let outcome = try await DemoProcess.run(
      LiveServerFlags.arguments(for: try server.baseURL(mode)), input: "reload\nquit\n")
    #expect(outcome.status == 0, "the Demo died: \(outcome.stderr)")
    let message = UserFacingError(UserClientError.transport(URLError(.badServerResponse))).message
    let shown = outcome.stdout.components(separatedBy: message).count - 1
    #expect(shown == 2, "the first load and the reload each end on the error: \(outcome.stdout)")
  }
}
