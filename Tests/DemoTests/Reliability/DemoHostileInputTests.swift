import Foundation
import Testing

/// The real `Demo` binary with hostile text typed on standard input (``HostileText``: every
/// control class), piped and on a pseudo-terminal: what it echoes, the notices that quote it and
/// the search header show visible stand-ins, never the raw controls.
@Suite(.timeLimit(.minutes(5)))
struct DemoHostileInputTests {
  /// For each sample: a search for it, a bad `open` quoting it, and it as a command of its own.
  static let input = Data(
    (HostileText.samples.map { "search \($0.raw)\nopen \($0.raw)\n\($0.raw)\n" }.joined()
      + "quit\n").utf8)

  @Test func pipedInputIsEchoedQuotedAndSearchedOnlyAsStandIns() async throws {
    let outcome = try await DemoProcess.runRaw(["--latency", "0"], input: Self.input)
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    let text = try #require(String(validating: outcome.stdout, as: UTF8.self))
    #expect(HostileText.unsafeScalars(in: text, allowingDemoSequences: false) == [])
    for (_, shown) in HostileText.samples {
      #expect(text.contains("> search \(shown)\n"), "echo: \(shown)")
      #expect(text.contains("== Users: matching \"\(shown)\" ==\n"), "header: \(shown)")
      #expect(text.contains("No users match \"\(shown)\"."), "empty screen: \(shown)")
      #expect(text.contains("got '\(shown)'."), "notice: \(shown)")
    }
    #expect(text.contains("[!] Unknown command '\(HostileText.samples[1].shown)'."))
  }

  /// The same lines typed on a raw terminal (every byte reaches the Demo as is), each once the
  /// one before has done its work: a terminal session does not wait for a search to settle.
  @Test func typedInputOnATerminalIsShownOnlyAsStandIns() async throws {
    var steps: [PseudoTerminal.Step] = [.waitFor("10 shown")]
    for (raw, shown) in HostileText.samples {
      steps += [
        .type("search \(raw)\n"), .waitFor("No users match \"\(shown)\"."),
        .type("open \(raw)\n"), .waitFor("got '\(shown)'."),
        .type("\(raw)\n"), .waitFor("Unknown command"),
      ]
    }
    steps.append(.type("quit\n"))
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"], steps: steps, rawTerminal: true)
    #expect(outcome.timedOutAtStep == nil)
    #expect(outcome.status == 0)
    let text = try #require(String(validating: outcome.output, as: UTF8.self))
    #expect(HostileText.unsafeScalars(in: text, allowingDemoSequences: true) == [])
    for (_, shown) in HostileText.samples {
      #expect(text.contains("matching \"\(shown)\""), "header: \(shown)")
      #expect(text.contains("got '\(shown)'."), "notice: \(shown)")
    }
  }

  /// A letter with 8,000 combining marks pasted into the search field: one character, so the
  /// 64-character limit never stopped it, and every mark redrew the whole field (35 s of CPU
  /// and 173 MB written). The field now keeps 256 scalars and ignores the rest.
  @Test func aPastedClusterOfCombiningMarksStaysSmallInTheSearchField() async throws {
    let paste = "a" + String(repeating: "\u{0301}", count: 8_000)
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"],
      steps: [
        .waitFor("10 shown"), .type("/\n"), .waitFor("Ctrl-U clears"), .type(paste),
        .type("\r"), .waitFor("> \u{1B}[J"), .type("quit\n"),
      ],
      environment: ["NO_COLOR": "1"], timeout: .seconds(60))
    #expect(outcome.timedOutAtStep == nil)
    #expect(outcome.status == 0)
    #expect(outcome.output.count < 1_000_000, "\(outcome.output.count) bytes written")
  }
}
