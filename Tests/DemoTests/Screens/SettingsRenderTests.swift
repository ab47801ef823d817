import DemoShared
import Testing

@testable import ConsoleKit
@testable import Demo

/// The settings screen renders the way SwiftUI renders `body`: inside
/// `withObservationTracking`, again when a value it read changes, and only then.
@MainActor
@Suite struct SettingsRenderTests {
  /// The app, a recording display, and the settings screen on top. With a live server the
  /// screen does not show the latency, so its render does not read it.
  @MainActor private struct OpenSettings {
    let display = RecordingDisplay()
    let settings: DemoSettings
    let session: DemoSession
    let screen: SettingsScreen

    init(simulatesLatency: Bool) async throws {
      settings = DemoSettings(simulatesLatency: simulatesLatency)
      session = try DemoSession(display: display, settings: settings)
      await session.app.start()
      #expect(await session.app.handle("settings"))
      screen = try #require(session.app.navigation.top as? SettingsScreen)
    }
  }

  // snippet: settings-render-tracking-test
  @Test func rendersAgainExactlyWhenAValueItReadChanges() async throws {
    let open = try await OpenSettings(simulatesLatency: false)
    let settings = open.settings
    var mark = open.display.calls.count

    settings.latency = .milliseconds(900)  // not shown for a live server, so never read
    #expect(open.screen.isSettled, "no render is scheduled: onChange did not fire")
    await drainMainActor()
    #expect(open.display.calls(after: mark) == [])

    settings.pageSize = 7  // read by the render
    #expect(!open.screen.isSettled, "a render is scheduled at once, and runs later")
    await open.session.app.settle()
    #expect(open.display.calls(after: mark) == [.show(settings.screenContent)])

    mark = open.display.calls.count
    settings.pageSize = 8
    settings.colors = true  // two changes before the render runs: one render
    await open.session.app.settle()
    #expect(open.display.calls(after: mark) == [.show(settings.screenContent)])
  }
  // snippet-end

  @Test func aValueWrittenUnchangedRendersNothing() async throws {
    let open = try await OpenSettings(simulatesLatency: true)
    let mark = open.display.calls.count
    open.settings.pageSize = open.settings.pageSize
    #expect(open.screen.isSettled)
    await drainMainActor()
    #expect(open.display.calls(after: mark) == [])
  }

  @Test func aCoveredScreenStopsRendering() async throws {
    let open = try await OpenSettings(simulatesLatency: true)
    #expect(await open.session.app.handle("back"))
    let mark = open.display.calls.count
    open.settings.colors = true
    open.settings.latency = .milliseconds(5)
    #expect(open.session.app.isSettled)
    await drainMainActor()
    #expect(open.display.calls(after: mark) == [])
  }

  @Test func latencyIsNotSimulatedForALiveServer() async throws {
    let open = try await OpenSettings(simulatesLatency: false)
    let mark = open.display.calls.count
    #expect(await open.session.app.handle("latency 5"))
    #expect(
      open.display.calls(after: mark) == [
        .command("latency 5"),
        .notice("The latency is simulated only for the bundled users, not for a live server."),
        .ready,
      ])
    #expect(open.settings.latency == .zero)
  }

  /// The settings outlive the screen, and Observation keeps the screen's `onChange` until the
  /// next change: it holds the screen weakly, so a popped screen is released at once.
  @Test func aPoppedSettingsScreenIsReleased() async throws {
    let session = try DemoSession()
    await session.app.start()
    #expect(await session.app.handle("settings"))
    weak var screen: SettingsScreen?
    screen = try #require(session.app.navigation.top as? SettingsScreen)
    #expect(await session.app.handle("back"))
    #expect(screen == nil)
    session.settings.pageSize = 3  // the stale onChange fires into nothing
    #expect(session.app.isSettled)
  }
}

/// Returns after every job already queued on the main actor has run (a render scheduled by a
/// change is such a job). No clock involved.
@MainActor private func drainMainActor() async {
  await Task { @MainActor in }.value
}
