import DemoShared
import Testing
import UserFeature

@testable import ConsoleKit
@testable import Demo

/// Golden transcripts of `--trace` in piped mode, run in-process with zero latency and virtual
/// time, times normalised (``TraceStamps``): each shows which output was state (replayed when a
/// screen binds again) and which was an event (delivered once, or dropped when nobody listened).
@MainActor
@Suite struct TraceTranscriptTests {
  /// Bind (the idle state replayed to the new binding), loading, loaded; unbind at the end.
  @Test func firstLoad() async throws {
    let session = try DemoSession(tracing: true)
    #expect(await session.run([]) == 0)
    try Golden.expectMatches(TraceStamps.normalised(session.transcript), "trace-first-load")
  }

  /// Request 1, the refresh, fails: the list goes back to its state before the refresh, and the
  /// failure is an event the bound list receives (`event toast`), printed once.
  @Test func failedRefreshDeliversAToast() async throws {
    let session = try DemoSession(failingRequests: [1], tracing: true)
    #expect(await session.run(["reload"]) == 0)
    try Golden.expectMatches(TraceStamps.normalised(session.transcript), "trace-refresh-failure")
  }

  /// As on a terminal: `reload`, then `open 1` before the refresh ends. The refresh fails while
  /// the detail screen covers the list: the list's state changes (kept for the next bind) and
  /// its toast is dropped, since nobody is subscribed. Back on the list, the state is replayed
  /// and the dropped toast never shows.
  @Test func refreshFailingUnderTheDetailScreenIsDropped() async throws {
    let session = try DemoSession(tracing: true, holding: [1])
    await session.app.start()
    #expect(session.app.perform("reload") == .handled)  // a terminal session does not wait
    await session.gatedClient.gate.requests(count: 1)
    #expect(await session.app.handle("open 1"))
    session.gatedClient.gate.fail(0, with: FailurePolicy.defaultError)
    let list = try #require(session.app.navigation.screens.first as? UserListScreen)
    await list.viewModel.state.waitUntil { !$0.isBusy }
    #expect(await session.app.handle("back"))
    session.app.finish()

    #expect(!session.transcript.contains("[toast]"))
    try Golden.expectMatches(TraceStamps.normalised(session.transcript), "trace-dropped-event")
  }

  /// A failed refresh shows its toast; after `open 1` and `back`, the list binds again: its
  /// state is replayed to the new binding, the old toast is not.
  @Test func rebindingReplaysStateButNoOldEvent() async throws {
    let session = try DemoSession(failingRequests: [1], tracing: true)
    #expect(await session.run(["reload", "open 1", "back"]) == 0)
    #expect(session.transcript.components(separatedBy: "[toast]").count - 1 == 1)
    try Golden.expectMatches(TraceStamps.normalised(session.transcript), "trace-rebind")
  }
}
