import Foundation
import Testing

/// The real `Demo` executable, run as a subprocess with piped standard input: the entry
/// point, flags, the stdin reader and the exit statuses. Zero latency, so nothing waits.
@Suite(.timeLimit(.minutes(5))) struct ProcessTests {
  @Test func pipedSessionPrintsTheTranscriptAndQuitsWithZero() async throws {
    let outcome = try await DemoProcess.run(
      ["--latency", "0"], input: "search le\nmore\nopen 2\nback\nquit\n")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    try Golden.expectMatches(outcome.stdout, "process-session")
  }

  /// `--trace` piped prints the same timeline as the in-process golden, after the banner.
  @Test func tracePrintsTheTimelineAsLines() async throws {
    let outcome = try await DemoProcess.run(["--latency", "0", "--trace"], input: "")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("Signals demo (offline users, 0 ms latency).") == true)
    try Golden.expectMatches(
      TraceStamps.normalised(lines.dropFirst().joined(separator: "\n")), "trace-first-load")
  }

  @Test func endOfInputExitsWithZero() async throws {
    let outcome = try await DemoProcess.run(["--latency=0"], input: "")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    #expect(outcome.stdout.hasSuffix("  -- 10 shown, more available: type 'more'\n"))
  }

  @Test(arguments: [
    ["--bogus"],
    ["--latency"],
    ["--latency", "soon"],
    ["--latency", "-5"],
    ["--fail-rate", "2"],
    ["--endpoint", "ftp://example.com"],
    ["--endpoint", "http://localhost:1", "--latency", "5"],
    ["extra"],
  ])
  func badFlagsExitWithTwoAndUsageOnStandardError(_ arguments: [String]) async throws {
    let outcome = try await DemoProcess.run(arguments, input: "quit\n")
    #expect(outcome.status == 2)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.hasPrefix("Demo: error: "))
    #expect(outcome.stderr.contains("\n\nUsage: Demo [--endpoint URL]"))
  }

  @Test func helpPrintsUsageAndExitsWithZero() async throws {
    let outcome = try await DemoProcess.run(["--latency", "0", "--help"], input: "")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    #expect(outcome.stdout.hasPrefix("Usage: Demo [--endpoint URL]"))
  }

  /// Nothing listens on the discard port of the loopback interface: the connection is refused
  /// at once, and the app shows its error screen instead of crashing.
  @Test func unreachableEndpointShowsTheErrorScreen() async throws {
    let outcome = try await DemoProcess.run(
      LiveServerFlags.arguments(for: "http://127.0.0.1:9"), input: "reload\nquit\n")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    let errorScreen = """
      == Users ==
        Couldn't load users.
        You appear to be offline. Check your connection and try again.
        Type 'reload' to try again.

      """
    #expect(outcome.stdout.components(separatedBy: errorScreen).count - 1 == 2)
  }

  @Test func failRateOneSparesTheFirstLoadThenFailsEveryRequest() async throws {
    let outcome = try await DemoProcess.run(
      ["--latency", "0", "--fail-rate", "1"], input: "reload\nsearch le\n")
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("Leanne Graham"), "the first load succeeded")
    #expect(
      outcome.stdout.components(separatedBy: "[toast] You appear to be offline.").count - 1 == 1,
      "the failed refresh showed its toast once")
    #expect(outcome.stdout.contains("  Couldn't load users.\n"), "the failed search")
  }
}
