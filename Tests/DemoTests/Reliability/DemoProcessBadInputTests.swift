import Foundation
import Testing

/// Bad input for the real `Demo` binary: raw bytes that are not UTF-8 and a very long line on
/// standard input, input without a final newline, and bad flags. Exit codes as documented:
/// 2 for bad flags (usage on standard error), 0 at end of input.
@Suite(.timeLimit(.minutes(5)))
struct DemoProcessBadInputTests {
  @Test func nonUTF8BytesAndAHugeLineOnStandardInputExitWithZero() async throws {
    var input = Data("search ".utf8) + Data([0xFF, 0xFE, 0xC3, 0x28, 0x0A])
    input += Data([0xC0, 0x80, 0xED, 0xA0, 0x80, 0x0A])  // overlong NUL, lone surrogate
    input += Data(String(repeating: "y", count: 200_000).utf8) + Data("\nopen 99\n".utf8)
    input += Data("search le".utf8)  // no final newline: still a line, then end of input
    let outcome = try await DemoProcess.runRaw(["--latency", "0"], input: input)
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    let text = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(String(validating: outcome.stdout, as: UTF8.self) != nil, "output is valid UTF-8")
    #expect(text.contains("No users match \"\u{FFFD}\u{FFFD}\u{FFFD}(\"."))
    #expect(text.contains("[!] Unknown command '\u{FFFD}"))
    #expect(text.contains("[!] Unknown command 'yyyy"))
    #expect(text.contains("[!] There is no list to open a user from."))
    #expect(text.hasSuffix("  -- 10 shown, more available: type 'more'\n"))
  }

  @Test(arguments: [
    ["--fail-rate", "nan"], ["--latency="], ["-x"], ["--", "--latency", "0", "stray"],
  ])
  func badFlagsExitWithTwo(_ arguments: [String]) async throws {
    let outcome = try await DemoProcess.runRaw(arguments, input: Data("quit\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    let stderr = String(decoding: outcome.stderr, as: UTF8.self)
    #expect(stderr.hasPrefix("Demo: error: "))
  }
}
