import Foundation
import Testing

@testable import ConsoleKit
@testable import Demo

/// Golden screens of the real `Demo` binary on a pseudo-terminal of a fixed size: what a person
/// sees once the last command has settled. Korean, Chinese, Japanese and emoji names line up
/// with the others by display width, and rows are cut with `…` before the terminal's edge.
/// Each `more` is typed once the page before it is on screen.
@Suite(.timeLimit(.minutes(5)))
struct TerminalTranscriptTests {
  @Test(arguments: [(60, "terminal-60-columns"), (80, "terminal-80-columns")])
  func wideNamesLineUpOnAFixedWidthTerminal(columns: Int, golden: String) async throws {
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"],
      steps: [
        .waitFor("10 shown"), .type("more\n"), .waitFor("20 shown"), .type("more\n"),
        .waitFor("30 shown"), .type("more\n"), .waitFor("end of list"), .type("quit\n"),
      ], rows: 20, columns: columns, rawTerminal: true, environment: ["NO_COLOR": "1"])
    #expect(outcome.timedOutAtStep == nil)
    #expect(outcome.status == 0)
    let screen = try #require(Self.lastScreen(of: outcome.output))
    #expect(screen.split(separator: "\n").allSatisfy { DisplayWidth.of($0) < columns })
    try Golden.expectMatches(screen, golden)
  }

  /// The screen after the last redraw: the text after the last cursor-home sequence, without
  /// the erase sequences and without the prompt row.
  static func lastScreen(of output: Data) -> String? {
    let text = String(decoding: output, as: UTF8.self)
    guard let frame = text.components(separatedBy: "\u{1B}[H").last else { return nil }
    let erased = frame.replacingOccurrences(of: "\u{1B}[K", with: "")
    guard let prompt = erased.range(of: "> \u{1B}[J") else { return nil }
    return String(erased[..<prompt.lowerBound])
  }
}
