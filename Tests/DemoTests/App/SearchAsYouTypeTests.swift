import Foundation
import Testing

/// Search as you type in the real `Demo` binary on a pseudo-terminal, with the offline client
/// at a known latency (200 ms unless a test says otherwise) and `--trace`. Requests are counted from the trace (one `loading` state per
/// first-page request), never from timing; keystrokes 20 ms apart and pauses of 900 ms are far
/// from the 300 ms debounce on either side, and each pause also waits for the result on screen.
@Suite(.timeLimit(.minutes(5)))
struct SearchAsYouTypeTests {
  private typealias Step = PseudoTerminal.Step

  private static let keystrokeGap = Duration.milliseconds(20)
  private static let pause = Step.pause(.milliseconds(900))

  /// Opens the field once the first page is on screen.
  private static let openField: [Step] = [
    .waitFor("10 shown"), .type("/\n"), .waitFor("Ctrl-U clears"),
  ]

  /// Closes the field with Enter, then quits.
  private static let closeAndQuit: [Step] = [.type("\r"), .waitFor("> \u{1B}[J"), .type("quit\n")]

  /// Runs the Demo through `steps`; returns the trace's entries, its list loads and the last
  /// screen.
  private func run(_ steps: [Step], latencyMilliseconds: Int = 200) async throws -> (
    loads: [String], entries: [String], screen: String
  ) {
    let outcome = try await PseudoTerminal.run(
      ["--latency", "\(latencyMilliseconds)", "--trace"],
      steps: steps, rows: 40, columns: 100, environment: ["NO_COLOR": "1"])
    #expect(outcome.timedOutAtStep == nil, "\(outcome.text)")
    #expect(outcome.status == 0)
    let screen = try #require(TerminalTranscriptTests.lastScreen(of: outcome.output))
    return (
      TerminalTrace.listLoads(in: outcome.text), TerminalTrace.entries(in: outcome.text), screen
    )
  }

  @Test func keystrokesFasterThanTheDebounceMakeOneRequestWithTheWholeText() async throws {
    let (loads, _, screen) = try await run(
      Self.openField + [
        .type("leanne", gap: Self.keystrokeGap), .waitForNewLine(#"loaded "leanne""#), Self.pause,
      ] + Self.closeAndQuit)
    #expect(loads == ["everyone", #""leanne""#])
    #expect(screen.contains("Users  matching \"leanne\""))
    #expect(screen.contains("1. Leanne Graham"))
  }

  @Test func aPauseBetweenWordsMakesOneRequestPerPause() async throws {
    let (loads, _, _) = try await run(
      Self.openField + [
        .type("leanne", gap: Self.keystrokeGap), .waitForNewLine(#"loaded "leanne""#), Self.pause,
        .type(" gr", gap: Self.keystrokeGap), .waitForNewLine(#"loaded "leanne gr""#), Self.pause,
      ] + Self.closeAndQuit)
    #expect(loads == ["everyone", #""leanne""#, #""leanne gr""#])
  }

  @Test func escapeRestoresTheResultsFromBefore() async throws {
    let (loads, _, screen) = try await run(
      Self.openField + [
        .type("zzz", gap: Self.keystrokeGap), .waitForNewLine(#"empty "zzz""#), Self.pause,
        .type("\u{1B}"), .waitForNewLine("loaded everyone"), .type("quit\n"),
      ])
    #expect(loads == ["everyone", #""zzz""#, "everyone"])
    #expect(!screen.contains("matching"))
    #expect(screen.contains("10 shown, more available"))
  }

  @Test func backspacingToNothingShowsEveryone() async throws {
    let (loads, _, screen) = try await run(
      Self.openField + [
        .type("le", gap: Self.keystrokeGap), .waitForNewLine(#"loaded "le""#), Self.pause,
        .type("\u{7F}\u{7F}", gap: Self.keystrokeGap), .waitForNewLine("loaded everyone"),
      ] + Self.closeAndQuit)
    #expect(loads == ["everyone", #""le""#, "everyone"])
    #expect(!screen.contains("matching"))
  }

  /// With responses slower than the debounce (1.5 s), a newer search starts while an older
  /// one is in flight: the older request is cancelled and its result never shows, even after
  /// the time it would have taken.
  @Test func aSlowResponseForAnOlderQueryNeverReplacesANewerOne() async throws {
    let (loads, entries, screen) = try await run(
      Self.openField + [
        .type("zzz", gap: Self.keystrokeGap), .waitForNewLine(#"loading "zzz""#),
        .type("\u{7F}\u{7F}\u{7F}", gap: Self.keystrokeGap), .waitForNewLine("loaded everyone"),
        .pause(.milliseconds(1800)),
      ] + Self.closeAndQuit, latencyMilliseconds: 1500)
    #expect(loads == ["everyone", #""zzz""#, "everyone"])
    #expect(!entries.contains { $0.contains(#"empty "zzz""#) })
    #expect(!screen.contains("matching"))
  }
}
