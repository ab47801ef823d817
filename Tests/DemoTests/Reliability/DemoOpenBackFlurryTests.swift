import Foundation
import TestServers
import Testing
import UserFeature

/// Issue 33's fast open/back run: the real `Demo` binary on a raw pseudo-terminal against a
/// local server that answers each request 20 ms late, while a person types `open 1` and `back`
/// far faster than the detail can load. Every open starts a request that the next back cancels;
/// the app must stay alive through all of them and quit cleanly.
@Suite(.timeLimit(.minutes(5)))
struct DemoOpenBackFlurryTests {
  /// How many open/back pairs are typed: a few hundred, bounded.
  static let pairs = 300

  /// A short list (its end shows at once, so the first load is easy to wait for).
  static func usersJSON() throws -> Data {
    try JSONEncoder().encode(Array(try OfflineUserClient.fixtureUsers().prefix(5)))
  }

  /// Waits for the list, types the pairs a few milliseconds apart without waiting for any
  /// screen, then opens a detail and waits until it has loaded (the app still answers), and
  /// quits.
  static let steps: [PseudoTerminal.Step] =
    [.waitFor("end of list")]
    + Array(
      repeating: [
        .type("open 1\n"), .pause(.milliseconds(2)), .type("back\n"), .pause(.milliseconds(2)),
      ], count: pairs
    ).flatMap { $0 }
    + [
      .type("open 2\n"), .waitFor("Type 'back' to return to the list."), .type("back\n"),
      .type("quit\n"),
    ]

  @Test func hundredsOfFastOpenBackPairsAgainstALiveServerEndCleanly() async throws {
    let outcome = try await withStaticUserServer(
      serving: try Self.usersJSON(), latency: .milliseconds(20)
    ) { server in
      // The timeout is only a hang guard: the run takes a few seconds, beside a CPU hog too.
      try await PseudoTerminal.run(
        LiveServerFlags.arguments(for: try server.baseURL), steps: Self.steps, rawTerminal: true,
        timeout: .seconds(240))
    }
    #expect(
      outcome.timedOutAtStep == nil, "hung at step \(String(describing: outcome.timedOutAtStep))")
    #expect(outcome.signal == nil, "ended by signal \(String(describing: outcome.signal))")
    #expect(outcome.status == 0)
  }
}
