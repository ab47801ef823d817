import Signals
import SignalsTesting
import Synchronization
import UserFeature

@testable import Demo

/// The app in-process, as a test drives it: plain output into a buffer (coloured when the
/// settings say so), the bundled users served with scripted failures and no sleep at all (the
/// latency each request would wait is recorded in ``latencies``), and a virtual-time scheduler
/// that the app runs whenever it waits for a screen to settle. Nothing waits on the wall clock.
@MainActor
final class DemoSession {
  let output = CapturedOutput()
  let scheduler = TestScheduler()
  let client: OfflineUserClient
  let settings: DemoSettings
  let app: DemoApp
  private let sleeps = LatencyLog()

  /// - Parameters:
  ///   - failingRequests: the client's request numbers (0 = the first load) that fail with a
  ///     lost connection.
  ///   - display: where the app draws; plain output into ``output`` by default.
  ///   - settings: the app's settings; the defaults (no latency, no colour) by default.
  init(
    failingRequests: Set<Int> = [], display: (any Display)? = nil,
    settings: DemoSettings = DemoSettings()
  ) throws {
    client = OfflineUserClient(
      users: try OfflineUserClient.fixtureUsers(), latency: .zero,
      failures: .requests(failingRequests), sleep: { _ in })
    self.settings = settings
    let scheduler = self.scheduler
    let sleeps = self.sleeps
    app = DemoApp(
      display: display ?? PlainDisplay(output: output, colorsFrom: { settings.colors }),
      client: SimulatedLatencyClient(base: client, settings: settings) { sleeps.append($0) },
      scheduler: scheduler, settings: settings, advanceTime: { scheduler.run() })
  }

  /// The latency each request waited for, in the order the requests were made.
  var latencies: [Duration] {
    sleeps.all
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

/// The latencies requests asked to wait for, recorded instead of slept.
private final class LatencyLog: Sendable {
  private let entries = Mutex<[Duration]>([])

  func append(_ latency: Duration) {
    entries.withLock { $0.append(latency) }
  }

  var all: [Duration] {
    entries.withLock { $0 }
  }
}
