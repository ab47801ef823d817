import Foundation
import Testing

/// Nothing typed in the search field is held where the person cannot see or erase it (issue
/// 40): the real `Demo` on a pseudo-terminal, the field open. Before, ESC and a key in one read
/// (Alt+key, or Esc typed quickly before more text) closed the field and kept the key as the
/// start of an invisible command line: `ab` Esc `xyz`, then Ctrl-U and `help`, ran
/// "Unknown command 'xyzhelp'".
@Suite(.timeLimit(.minutes(5)))
struct DemoKeysAfterEscTests {
  private typealias Step = PseudoTerminal.Step

  /// Opens the field once the first page is on screen.
  private static let openField: [Step] = [
    .waitFor("10 shown"), .type("/\n"), .waitFor("Ctrl-U clears"),
  ]

  /// Runs the Demo through `steps`; expects every wait to have been met.
  private func run(_ steps: [Step]) async throws -> String {
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"], steps: steps, rows: 30, columns: 100,
      environment: ["NO_COLOR": "1"], timeout: .seconds(30))
    #expect(
      outcome.timedOutAtStep == nil,
      "timed out at step \(outcome.timedOutAtStep ?? -1): \(outcome.text.suffix(600))")
    #expect(outcome.status == 0)
    return outcome.text
  }

  /// `ab`, then ESC and `xyz` in one write, as a terminal sends Alt+x and then `yz`: the
  /// field stays open and shows what it holds; Ctrl-U clears all of it, so `help` is a search.
  @Test func escAndTextInOneReadStayInTheField() async throws {
    let text = try await run(
      Self.openField + [
        .type("ab"), .waitFor("/ ab"),
        .type("\u{1B}xyz"), .waitFor("/ abyz"),
        .type("\u{15}help\r"), .waitFor("> "),
        .type("quit\n"), .waitForExit(within: .seconds(30)),
      ])
    #expect(!text.contains("Unknown command"), "\(text.suffix(600))")
  }

  /// Alt+x in the field is a key the field does not use: nothing is typed, nothing closes.
  @Test func altAndAKeyInTheFieldIsIgnored() async throws {
    let text = try await run(
      Self.openField + [
        .type("ab"), .waitFor("/ ab"),
        .type("\u{1B}x"), .type("c"), .waitFor("/ abc"),
        .type("\r"), .waitFor("> "),
        .type("quit\n"), .waitForExit(within: .seconds(30)),
      ])
    #expect(!text.contains("Unknown command"), "\(text.suffix(600))")
  }

  /// Esc on its own (its own read, as a person types it) still closes the field; what follows
  /// is a command line the terminal echoes and Ctrl-U erases.
  @Test func escOnItsOwnClosesTheFieldAndTheNextLineIsACommand() async throws {
    let text = try await run(
      Self.openField + [
        .type("ab"), .waitFor("/ ab"),
        .type("\u{1B}"), .waitFor("> \u{1B}[J"),
        .type("xyz\u{15}help\n"), .waitFor("quit"),
        .type("quit\n"), .waitForExit(within: .seconds(30)),
      ])
    #expect(!text.contains("Unknown command"), "\(text.suffix(600))")
  }
}
