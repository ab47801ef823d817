import DemoShared
import Signals
import SignalsTesting
import Testing
import UserFeature

@testable import ConsoleKit
@testable import Demo

/// The app in-process, as a test drives it: plain output into a buffer (coloured when the
/// settings say so), the bundled users served with scripted failures and no sleep at all (the
/// latency each request would wait is recorded in ``latencies``), and a virtual-time scheduler
/// that the app runs whenever it waits for a screen to settle. Nothing waits on the wall clock;
/// with tracing on, entries are stamped with the virtual clock.
@MainActor
final class DemoSession {
  let output = CapturedOutput()
  let scheduler = TestScheduler()
  let client: OfflineUserClient
  let settings: DemoSettings
  /// What the app calls: ``client`` failing `failingRequests`, behind a gate that holds the requests the test asked for.
  let gatedClient: GatedUserClient
  let app: DemoApp
  /// The latencies requests asked to wait for, recorded instead of slept.
  private let sleeps = Recorder<Duration>()

  /// - Parameters:
  ///   - failingRequests: the client's request numbers (0 = the first load) that fail with a
  ///     lost connection.
  ///   - display: where the app draws; plain output into ``output`` by default.
  ///   - settings: the app's settings; the defaults (no latency, no colour) by default.
  ///   - tracing: trace as `--trace` does.
  ///   - interactive: the app as a terminal session runs it (see ``DemoApp``).
  ///   - held: request numbers that wait at ``gatedClient``'s gate until the test answers them
  ///     (see ``GatedUserClient``); with requests held, number failures through the gate rather
  ///     than `failingRequests`, whose numbering counts requests as they leave the gate.
  init(
    failingRequests: Set<Int> = [], display: (any Display)? = nil,
    settings: DemoSettings = DemoSettings(), tracing: Bool = false,
    interactive: Bool = false, holding held: Set<Int> = []
  ) throws {
    client = OfflineUserClient(
      users: try OfflineUserClient.fixtureUsers(), latency: .zero, sleep: { _ in })
    self.settings = settings
    gatedClient = GatedUserClient(
      base: FailureInjectingClient(base: client, failures: .requests(failingRequests)),
      holding: held)
    let scheduler = self.scheduler
    let sleeps = self.sleeps
    let virtualTime: @MainActor () -> Duration = { scheduler.now }
    app = DemoApp(
      display: display ?? PlainDisplay(output: output, colorsFrom: { settings.colors }),
      client: SimulatedLatencyClient(base: gatedClient, settings: settings) { sleeps.record($0) },
      scheduler: scheduler, settings: settings, advanceTime: { scheduler.run() },
      interactive: interactive, traceClock: tracing ? virtualTime : nil)
  }

  /// The latency each request waited for, in the order the requests were made.
  var latencies: [Duration] {
    sleeps.values
  }

  /// A new session (`failingRequests`, `tracing`: as ``init(failingRequests:display:settings:tracing:interactive:holding:)``)
  /// that ran `lines` (``run(_:)``) and ended normally, with exit status 0.
  static func ran(
    _ lines: [String], failingRequests: Set<Int> = [], tracing: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> DemoSession {
    let session = try DemoSession(failingRequests: failingRequests, tracing: tracing)
    let status = await session.run(lines)
    #expect(status == 0, sourceLocation: sourceLocation)
    return session
  }

  /// Runs a whole scripted session, as if `lines` were piped to the app, and returns its exit
  /// status. The input ends after the last line (end of file).
  func run(_ lines: [String]) async -> Int32 {
    let input = AsyncStream<String> { continuation in
      for line in lines {
        continuation.yield(line)
      }
      continuation.finish()
    }
    return await app.run(input: input)
  }

  /// Everything printed so far.
  var transcript: String {
    output.text
  }
}
