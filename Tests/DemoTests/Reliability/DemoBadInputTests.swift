import Foundation
import Testing

@testable import ConsoleKit
@testable import Demo

/// Bad input for the demo, in-process (zero latency, virtual time): unknown and malformed
/// commands, bad indices, very long lines, text that was not UTF-8, and commands after the
/// session ended. Nothing crashes, every bad line prints one notice, and a good command still
/// works afterwards.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct DemoBadInputTests {
  /// Runs `lines` then `search le` (a good command) and returns the transcript.
  private func transcript(of lines: [String]) async throws -> (status: Int32, text: String) {
    let session = try DemoSession()
    let status = await session.run(lines + ["search le"])
    #expect(session.app.isSettled)
    #expect(session.transcript.hasSuffix("  -- 10 shown, more available: type 'more'\n"))
    #expect(session.transcript.contains("== Users: matching \"le\" ==\n"))
    return (status, session.transcript)
  }

  @Test(arguments: [
    ("open -1", "open needs a list number like 'open 2', got '-1'."),
    ("open 1.5", "open needs a list number like 'open 2', got '1.5'."),
    ("open 1e3", "open needs a list number like 'open 2', got '1e3'."),
    (
      "open 99999999999999999999999",
      "open needs a list number like 'open 2', got '99999999999999999999999'."
    ),
    ("open 9223372036854775807", "There is no user 9223372036854775807 on the list; pick 1 to 10."),
    ("open ٣", "open needs a list number like 'open 2', got '٣'."),
    ("open 1 2", "open needs a list number like 'open 2', got '1 2'."),
    ("OPEN 11", "There is no user 11 on the list; pick 1 to 10."),
    ("--help", "Unknown command '--help'. Type 'help' for the list of commands."),
    ("quit now", "'quit' takes no argument, got 'now'."),
    ("/", "The search field needs a terminal; piped, use 'search <text>'."),
    ("/ le", "'/' takes no argument, got 'le'."),
    ("\u{0}", "Unknown command '\u{2400}'. Type 'help' for the list of commands."),
    ("\u{1B}[2J", "Unknown command '\u{241B}[2J'. Type 'help' for the list of commands."),
    (
      "\u{FFFD}\u{FFFD}",
      "Unknown command '\u{FFFD}\u{FFFD}'. Type 'help' for the list of commands."
    ),
  ])
  func badLinePrintsOneNoticeAndChangesNothing(_ line: String, _ notice: String) async throws {
    let (status, text) = try await transcript(of: [line])
    #expect(status == 0)
    #expect(text.contains("[!] \(notice)\n"), "\(text)")
    #expect(text.components(separatedBy: "[!] ").count - 1 == 1)
  }

  /// A very long line is handled, and where a message quotes it, it is cut to 40 columns.
  @Test func veryLongLinesAreHandledWithoutCrashing() async throws {
    let long = String(repeating: "x", count: 1_000_000)
    let quoted = String(repeating: "x", count: TerminalText.maximumQuoteWidth - 1) + "…"
    let (status, text) = try await transcript(of: [
      long, "search " + long, "open " + String(repeating: "9", count: 100_000),
    ])
    #expect(status == 0)
    #expect(text.contains("[!] Unknown command '\(quoted)'."))
    #expect(text.contains("No users match \"\(quoted)\"."))
    #expect(text.contains("[!] open needs a list number like 'open 2', got '999"))
    #expect(text.count < 10_000, "nothing prints the whole line")
  }

  /// `readLine` repairs bytes that are not UTF-8 into U+FFFD; such text is just a search that
  /// matches nobody.
  @Test func repairedNonUTF8TextIsAnOrdinarySearch() async throws {
    let repaired = String(decoding: [0x73, 0xFF, 0xFE, 0xC3, 0x28], as: UTF8.self)
    let (status, text) = try await transcript(of: ["search " + repaired])
    #expect(status == 0)
    #expect(text.contains("No users match \"\(repaired)\"."))
  }

  /// After the input ended the app has finished: more lines handed to it change nothing and do
  /// not crash (there is no screen left to act on).
  @Test func commandsAfterTheSessionEndedDoNothing() async throws {
    let session = try DemoSession()
    let status = await session.run([])
    #expect(status == 0)
    let ended = session.transcript
    for line in ["more", "open 1", "back", "search x", "reload"] {
      #expect(await session.app.handle(line))
    }
    #expect(session.app.navigation.top == nil)
    #expect(session.transcript.hasPrefix(ended))
    #expect(!session.transcript.dropFirst(ended.count).contains("=="), "no screen is drawn")
  }

  @Test(arguments: [
    ["--latency="], ["--latency", "99999999999999999999"], ["--fail-rate", "nan"],
    ["--fail-rate=inf"], ["--fail-rate=-0.1"], ["--endpoint="], ["--endpoint", "http://"],
    ["-x"], ["--", "extra"], ["—latency", "0"], ["--latency", "--fail-rate", "0"],
  ])
  func badFlagsAreUsageErrors(_ arguments: [String]) {
    #expect(throws: UsageError.self) { try FlagParser.parse(arguments) }
  }
}
