import Foundation
import TestServers
import Testing
import UserFeature

/// The real `Demo` binary against servers that attack the terminal: users whose every field
/// holds each control class (``HostileText``) plus a 1 MB name, served by the local HTTP server,
/// with output piped and on a pseudo-terminal; and a 200 MB body streamed at the client.
@Suite(.timeLimit(.minutes(5)))
struct DemoHostileServerTests {
  /// Where the Demo's output goes.
  enum Output: String, CaseIterable, Sendable {
    /// A file: plain lines, no colour (`NO_COLOR`).
    case piped
    /// A 100-column pseudo-terminal: the screen redrawn in place, in colour.
    case terminal
  }

  /// Opens every user's detail screen, then quits.
  static let input = Data(
    ((1...HostileText.samples.count + 1).map { "open \($0)\nback\n" }.joined() + "quit\n").utf8)

  /// The same session typed on a raw terminal, each command once the one before has done its
  /// work (a terminal session does not wait for a screen to settle).
  static let terminalSteps: [PseudoTerminal.Step] =
    [.waitFor("end of list")]
    + (1...HostileText.samples.count + 1).flatMap { number -> [PseudoTerminal.Step] in
      [
        .type("open \(number)\n"), .waitFor("Type 'back' to return to the list."),
        .type("back\n"), .waitFor("end of list"),
      ]
    } + [.type("quit\n")]

  /// Runs the Demo against the hostile server and returns its exit status and output.
  private func runAgainstHostileServer(_ output: Output) async throws -> (Int32?, Data) {
    try await withStaticUserServer(serving: try HostileText.usersJSON()) { server in
      let arguments = LiveServerFlags.arguments(for: try server.baseURL)
      switch output {
      case .piped:
        let outcome = try await DemoProcess.runRaw(arguments, input: Self.input)
        #expect(outcome.stderr.isEmpty)
        return (outcome.status, outcome.stdout)
      case .terminal:
        let outcome = try await PseudoTerminal.run(
          arguments, steps: Self.terminalSteps, columns: 100, rawTerminal: true)
        #expect(outcome.timedOutAtStep == nil)
        return (outcome.status, outcome.output)
      }
    }
  }

  @Test(arguments: Output.allCases)
  func fieldsFromTheServerReachTheTerminalOnlyAsVisibleStandIns(_ output: Output) async throws {
    let (status, bytes) = try await runAgainstHostileServer(output)
    #expect(status == 0)
    let text = try #require(String(validating: bytes, as: UTF8.self), "output is valid UTF-8")
    #expect(
      HostileText.unsafeScalars(in: text, allowingDemoSequences: output == .terminal) == [],
      "the Demo wrote a control character it did not author")
    for sample in HostileText.samples {
      #expect(text.contains("\(sample.shown) name"), "name: \(sample.shown)")
      #expect(text.contains("@\(sample.shown)user"), "username: \(sample.shown)")
      #expect(text.contains("\(sample.shown)@example.test"), "email: \(sample.shown)")
    }
    #expect(text.contains("\(HostileText.samples[0].shown)MMMM"), "the 1 MB name is shown...")
    #expect(text.contains("MMMM…"), "...and cut")
    #expect(bytes.count < 1_000_000, "the 1 MB name is never written whole")
    if output == .terminal {
      #expect(text.contains("\u{1B}[1m"), "colours are on: the check above allowed them")
    }
  }

  /// The server streams 200 MB as fast as the Demo reads (unannounced length). The Demo shows
  /// the too-large message and its peak memory stays far below the body: it keeps at most the
  /// 4 MiB limit and drops the rest as it arrives (an unbounded client peaked at 240 MB).
  @Test func a200MegabyteBodyIsRefusedWithBoundedMemory() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let outcome = try await PseudoTerminal.run(
      LiveServerFlags.arguments(for: try server.baseURL(.endlessFirehose)),
      steps: [.waitFor("Couldn't load users."), .type("quit\n")], rawTerminal: true,
      environment: ["NO_COLOR": "1"])
    #expect(outcome.timedOutAtStep == nil)
    #expect(outcome.status == 0)
    let text = String(decoding: outcome.output, as: UTF8.self)
    let refusal = UserFacingError(UserClientError.bodyTooLarge(limit: 0)).message
    #expect(text.contains(refusal))
    #expect(
      outcome.maximumResidentKilobytes < 64_000,
      "peak memory \(outcome.maximumResidentKilobytes) KB while refusing a 200 MB body")
  }

  /// A gzip bomb and an endless body streamed as fast as loopback goes: the Demo shows the
  /// too-large message and its peak memory stays far below the bodies. (A client that waited
  /// for the transfer to wind down took 16-72 s on an 8 GiB bomb, growing to 210-550 MB, and in
  /// 4 runs of 11 sat on "Loading users" for 30-60 s against the endless body.) The bomb is one
  /// whose inflation ends (``RawHTTPServer/finiteBombMebibytes``): Foundation goes on inflating
  /// a refused bomb in the background, so the memory the 8 GiB one costs grows with the seconds
  /// the machine takes to quit (its reload is `LiveClientProcessTests`'). Each run is its own
  /// process; two runs each, as the stall was intermittent. One at a time: each makes the
  /// machine busy while the refused transfer winds down. Quiet, each is refused in under a
  /// second; the 90 s guard is only for a hang, since a machine busy with the rest of the suite
  /// can take 25 s to start and run one.
  @Test(
    .serialized,
    arguments: [
      (RawHTTPServer.Mode.gzipBomb, RawHTTPServer.finiteBombMebibytes), (.endlessFirehose, 0),
      (.gzipBomb, RawHTTPServer.finiteBombMebibytes), (.endlessFirehose, 0),
    ])
  func aBombOrAnEndlessBodyIsRefusedWithBoundedMemory(
    _ mode: RawHTTPServer.Mode, bodySize: Int
  ) async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let outcome = try await PseudoTerminal.run(
      LiveServerFlags.arguments(for: try server.baseURL(mode, bodySize: bodySize)),
      steps: [.waitFor("Couldn't load users."), .type("quit\n")], rawTerminal: true,
      environment: ["NO_COLOR": "1"], timeout: .seconds(90))
    #expect(outcome.timedOutAtStep == nil, "still loading after 90 s")
    #expect(outcome.status == 0)
    let refusal = UserFacingError(UserClientError.bodyTooLarge(limit: 0)).message
    #expect(outcome.text.contains(refusal))
    #expect(
      outcome.maximumResidentKilobytes < 64_000,
      "peak memory \(outcome.maximumResidentKilobytes) KB while refusing \(mode)")
  }
}
