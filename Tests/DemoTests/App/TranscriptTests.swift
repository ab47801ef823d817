import Testing

@testable import ConsoleKit
@testable import Demo

/// Golden transcripts of scripted sessions, run in-process with zero latency and virtual time.
/// Each shows exactly what a piped session prints: states as blocks, events as one-off lines.
@MainActor
@Suite struct TranscriptTests {
  @Test func firstLoad() async throws {
    let session = try await DemoSession.ran([])
    try Golden.expectMatches(session.transcript, "first-load")
  }

  @Test func search() async throws {
    let session = try await DemoSession.ran(["search le", "search zzz", "search", "search ÉMILY"])
    try Golden.expectMatches(session.transcript, "search")
  }

  /// Pages to the end, where the Korean, Chinese, Japanese and emoji names line up with the
  /// others by display width, then asks for a page past the end.
  @Test func paging() async throws {
    let session = try await DemoSession.ran(["more", "more", "more", "more"])
    try Golden.expectMatches(session.transcript, "paging")
  }

  @Test func openAndBack() async throws {
    let session = try await DemoSession.ran([
      "search an", "open 2", "back", "open 1", "reload", "back",
    ])
    try Golden.expectMatches(session.transcript, "open-and-back")
  }

  /// Request 0 is the first load, request 1 the refresh: the refresh fails, the list stays and
  /// a toast is printed once. Opening a user and coming back re-binds the list: its state is
  /// printed again, the old toast is not.
  @Test func refreshFailureShowsToastOnceAndNotAfterRebinding() async throws {
    let session = try await DemoSession.ran(["reload", "open 1", "back"], failingRequests: [1])
    #expect(session.transcript.components(separatedBy: "[toast]").count - 1 == 1)
    try Golden.expectMatches(session.transcript, "refresh-failure")
  }

  @Test func firstLoadFailureShowsErrorScreenThenRetries() async throws {
    let session = try DemoSession(failingRequests: [0, 2])
    let status = await session.run(["more", "open 1", "reload", "open 1", "reload", "back"])
    #expect(status == 0)
    try Golden.expectMatches(session.transcript, "load-failure")
  }

  @Test func badCommandsChangeNothingAndKeepRunning() async throws {
    let session = try await DemoSession.ran([
      "bogus", "open", "open x", "open 0", "open 11", "more please", "back", "", "   ",
      "search", "search zzz", "more", "open 1", "search zzz", "search", "open 2", "more",
      "search a", "open 1", "help", "back", "quit", "this line is never read",
    ])
    try Golden.expectMatches(session.transcript, "bad-commands")
  }
}
