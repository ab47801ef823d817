import Foundation
import TestServers
import Testing

/// The real `Demo` binary against a server whose user names are one letter followed by 100,000
/// combining marks: one grapheme cluster each, on which diacritic-insensitive matching is
/// quadratic on Linux (5k / 10k / 20k marks: 0.25 / 1.05 / 5.0 s). Before names were bounded
/// where they are decoded, `search zzz` froze the app, `quit` included (58 s of CPU and
/// counting). Now the search answers, and `quit` ends the session at once.
@Suite(.timeLimit(.minutes(5)))
struct DemoHostileNameTests {
  static let marks = String(repeating: "\u{0301}", count: 100_000)

  static func usersJSON() throws -> Data {
    let objects = (1...3).map { id in
      HostileText.rawUser(
        id: id, name: "a\(marks)", username: "user\(id)", email: "user\(id)@example.test")
    }
    return try JSONSerialization.data(withJSONObject: objects)
  }

  @Test func searchingNamesWithHugeCombiningSequencesKeepsTheAppAnswering() async throws {
    try await withStaticUserServer(serving: try Self.usersJSON()) { server in
      let outcome = try await PseudoTerminal.run(
        LiveServerFlags.arguments(for: try server.baseURL),
        steps: [
          .waitFor("end of list"), .type("search zzz\n"), .waitFor("No users match"),
          .type("quit\n"),
        ],
        rawTerminal: true, environment: ["NO_COLOR": "1"], timeout: .seconds(180))
      #expect(
        outcome.timedOutAtStep == nil, "the app stopped answering: \(outcome.text.suffix(300))")
      #expect(outcome.status == 0)
      #expect(outcome.output.count < 200_000, "the marks were not all written to the terminal")
    }
  }
}
