import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The search field puts the terminal in raw mode; the real `Demo` binary on a pseudo-terminal
/// must leave it as it found it (`stty -g` equal before and after) on every way out: quitting,
/// the end of input, Ctrl-C typed in the field, and signals arriving mid-search, from outside
/// (SIGINT, SIGTERM, SIGHUP) or as a failing process gets them (SIGABRT, SIGILL). After putting
/// the terminal back, the Demo lets the signal do what it did before. Here that is the default
/// action for every signal: the Swift runtime's crash reporter is off (`SWIFT_BACKTRACE`), since
/// it reports a real trap and then lets it end the process, but a SIGILL or SIGABRT sent with
/// `kill` is no trap: after its report the process would go on.
@Suite(.timeLimit(.minutes(5)))
struct TerminalRestoreTests {
  typealias Step = PseudoTerminal.Step

  /// Opens the field and types into it, then reads the settings while it is open.
  private static let searching: [Step] = [
    .waitFor("10 shown"), .type("/\n"), .waitFor("Ctrl-U clears"),
    .type("ab", gap: .milliseconds(20)), .waitFor("/ ab"), .readSettings("searching"),
  ]

  /// Runs the Demo through `searching`, then `ending`; checks the settings were raw while
  /// searching and are back as they were after.
  private func run(ending: [Step]) async throws -> PseudoTerminal.Outcome {
    let outcome = try await PseudoTerminal.run(
      ["--latency", "0"], steps: Self.searching + ending,
      environment: ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"])
    #expect(outcome.timedOutAtStep == nil, "\(outcome.text)")
    let before = try #require(outcome.settings["before"])
    #expect(outcome.settings["searching"] != before, "raw mode was on while searching")
    #expect(outcome.settings["after"] == before)
    return outcome
  }

  @Test(arguments: [
    ("Enter, then quit", [Step.type("\r"), .waitFor("> \u{1B}[J"), .type("quit\n")]),
    (
      "Esc, then the end of input (Ctrl-D)",
      [.type("\u{1B}"), .waitFor("> \u{1B}[J"), .type("\u{04}")]
    ),
  ])
  func endingNormallyPutsTheTerminalBack(_ name: String, _ ending: [Step]) async throws {
    let outcome = try await run(ending: ending)
    #expect(outcome.status == 0, "\(name)")
  }

  @Test(arguments: [
    ("Ctrl-C typed in the field", Step.type("\u{03}"), SIGINT),
    ("SIGINT", .signal(SIGINT), SIGINT),
    ("SIGTERM", .signal(SIGTERM), SIGTERM),
    ("SIGHUP", .signal(SIGHUP), SIGHUP),
    ("SIGABRT (abort)", .signal(SIGABRT), SIGABRT),
    ("SIGILL (a runtime trap)", .signal(SIGILL), SIGILL),
  ])
  func beingStoppedMidSearchPutsTheTerminalBack(
    _ name: String, _ stop: Step, _ signal: Int32
  ) async throws {
    let outcome = try await run(ending: [stop])
    #expect(outcome.signal == signal, "\(name): ended by the signal, with its usual action")
  }

  /// Every other signal whose default action ends the process: before, the terminal was left
  /// raw (`-icanon -echo`) after each of these.
  static let otherEndingSignals: [Int32] = {
    var signals = [
      SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGVTALRM, SIGPROF, SIGXFSZ, SIGSYS, SIGIO,
    ]
    #if os(Linux)
      signals += [SIGPWR, SIGSTKFLT, firstRealtimeSignal, firstRealtimeSignal + 5]
    #endif
    return signals
  }()

  @Test(arguments: otherEndingSignals)
  func everySignalThatEndsTheProcessPutsTheTerminalBack(_ signal: Int32) async throws {
    let outcome = try await run(ending: [.signal(signal)])
    #expect(outcome.signal == signal, "ended by signal \(signal), with its usual action")
  }

  /// A stop mid-search (`kill -TSTP`), a shell putting the terminal in line mode meanwhile, then
  /// SIGCONT (`fg`): the field is still open, so raw mode must be back (before, keys echoed and
  /// waited for Enter); the field still takes keys, and Enter and `quit` end normally.
  @Test func continuingAfterAStopPutsRawModeBack() async throws {
    let outcome = try await run(ending: [
      .signal(SIGTSTP), .pause(.milliseconds(200)), .applySettings("before"),
      .signal(SIGCONT), .pause(.milliseconds(200)), .readSettings("continued"),
      .type("c"), .waitFor("/ abc"), .type("\r"), .waitFor("> \u{1B}[J"), .type("quit\n"),
    ])
    #expect(outcome.settings["continued"] == outcome.settings["searching"], "raw mode is back")
    #expect(outcome.status == 0)
  }
}

#if os(Linux)
  /// SIGRTMIN on glibc (a function there, so not imported as a constant).
  private let firstRealtimeSignal = __libc_current_sigrtmin()
#endif
