import Testing

@testable import ConsoleKit
@testable import Demo

/// Golden transcripts of the settings screen: each setting changed, then the list reacting.
/// The settings screen reads its `@Observable` model directly; the list binds its view model.
@MainActor
@Suite struct SettingsTranscriptTests {
  /// A smaller page size: back on the list, it loads again with 5 users, and `more` pages by 5.
  @Test func pageSizeReloadsTheListWithTheNewSize() async throws {
    let session = try await DemoSession.ran(["settings", "page-size 5", "back", "more"])
    #expect(session.settings.pageSize == 5)
    try Golden.expectMatches(session.transcript, "settings-page-size")
  }

  /// A new latency is drawn on the settings screen and waited for by the next request: the
  /// first load waited for none, the reload for 250 ms.
  @Test func latencyAppliesFromTheNextRequest() async throws {
    let session = try await DemoSession.ran(["settings", "latency 250", "back", "reload"])
    #expect(session.latencies == [.zero, .milliseconds(250)])
    try Golden.expectMatches(session.transcript, "settings-latency")
  }

  /// Colour on: the settings screen is drawn again in colour, and so is the list when it
  /// re-binds. Escape characters are shown as `␛` in the golden file.
  @Test func colourStylesEverythingDrawnAfterIt() async throws {
    let session = try await DemoSession.ran([
      "settings", "colour on", "back", "settings", "colour off",
    ])
    let visible = session.transcript.replacingOccurrences(of: "\u{1B}", with: "␛")
    try Golden.expectMatches(visible, "settings-colour")
  }

  /// Settings commands away from the settings screen, out-of-range values, a value equal to the
  /// current one (nothing to redraw) and list commands on the settings screen: one-line
  /// notices, nothing changed.
  @Test func badSettingsCommandsChangeNothing() async throws {
    let session = try await DemoSession.ran([
      "page-size 5", "settings", "settings", "page-size 0", "page-size 51", "page-size x",
      "latency -1", "latency", "colour maybe", "colour", "page-size 10", "more", "back",
    ])
    #expect(session.settings.pageSize == 10)
    #expect(session.latencies == [.zero])
    try Golden.expectMatches(session.transcript, "settings-bad-commands")
  }
}
