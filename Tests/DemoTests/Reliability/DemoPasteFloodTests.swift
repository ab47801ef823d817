import Foundation
import Testing

/// Input stays live under a paste or a flood into the open search field (issue 33): the real
/// `Demo` on a pseudo-terminal, the field open, then 16 KB pasted at once or a second-long
/// stream of 1 MB/s; Ctrl-C, Esc and `quit` typed after it are acted on within a second. Before,
/// every key redrew the field and went to the view model on its own, and 64 reads of 16 KB
/// waited ahead: Ctrl-C came 14 to 22 s after the paste.
@Suite(.timeLimit(.minutes(5)))
struct DemoPasteFloodTests {
  private typealias Step = PseudoTerminal.Step

  /// The most a key typed after the paste or flood may take to be acted on.
  static let limit = Duration.seconds(1)

  /// Opens the field once the first page is on screen.
  private static let openField: [Step] = [
    .waitFor("10 shown"), .type("/\n"), .waitFor("Ctrl-U clears"),
  ]

  /// Runs the Demo through `steps`; expects every timed wait to have been met.
  private func run(_ steps: [Step]) async throws -> PseudoTerminal.Outcome {
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"], steps: steps, rows: 30, columns: 100,
      environment: ["NO_COLOR": "1"], timeout: .seconds(60))
    #expect(
      outcome.timedOutAtStep == nil,
      "timed out at step \(outcome.timedOutAtStep ?? -1) after \(outcome.elapsed): \(outcome.text.suffix(300))"
    )
    return outcome
  }

  /// 16 KB pasted at once into the open field.
  struct Paste: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let text: String

    static let all = [
      Paste(testDescription: "x then Ctrl-U", text: String(repeating: "x\u{15}", count: 8 * 1024)),
      Paste(
        testDescription: "ab then DEL DEL",
        text: String(repeating: "ab\u{7F}\u{7F}", count: 4 * 1024)),
    ]
  }

  @Test(arguments: Paste.all)
  func ctrlCAfterA16KilobytePasteEndsTheDemoWithinASecond(_ paste: Paste) async throws {
    let outcome = try await run(
      Self.openField + [.type(paste.text), .type("\u{03}"), .waitForExit(within: Self.limit)])
    #expect(outcome.signal == SIGINT || outcome.status == 130)
    print("paste \(paste.testDescription): Ctrl-C acted on after \(outcome.elapsed[5] ?? -1) s")
  }

  @Test func escAndQuitAfterAMegabyteASecondFloodAreActedOnWithinASecond() async throws {
    let outcome = try await run(
      Self.openField + [
        .flood(bytesPerSecond: 1_000_000, duration: .seconds(3)),
        .type("\u{1B}"), .waitWithin(Self.limit, for: "> \u{1B}[J"),
        .type("quit\n"), .waitForExit(within: Self.limit),
      ])
    #expect(outcome.status == 0)
    print(
      "flood: Esc acted on after \(outcome.elapsed[5] ?? -1) s,"
        + " quit after \(outcome.elapsed[7] ?? -1) s")
  }
}
