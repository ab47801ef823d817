import Signals
import SignalsTesting
import UserFeature

@testable import Demo

/// The app in-process, as a test drives it: plain output into a buffer, the bundled users
/// served with zero latency (no sleep at all) and scripted failures, and a virtual-time
/// scheduler that the app runs whenever it waits for a screen to settle. Nothing waits on the
/// wall clock; with tracing on, entries are stamped with the virtual clock.
@MainActor
final class DemoSession {
  let output = CapturedOutput()
  let scheduler = TestScheduler()
  let client: OfflineUserClient
  /// What the app calls: ``client`` behind a gate that holds the requests the test asked for.
  let gatedClient: GatedUserClient
  let app: DemoApp

  /// - Parameters:
  ///   - failingRequests: the client's request numbers (0 = the first load) that fail with a
  ///     lost connection.
  ///   - display: where the app draws; plain output into ``output`` by default.
  ///   - tracing: trace as `--trace` does.
  ///   - interactive: the app as a terminal session runs it (see ``DemoApp``).
  ///   - held: request numbers that wait at ``gatedClient``'s gate until the test answers them
  ///     (see ``GatedUserClient``); with requests held, number failures through the gate rather
  ///     than `failingRequests`, whose numbering counts requests as they leave the gate.
  init(
    failingRequests: Set<Int> = [], display: (any Display)? = nil, tracing: Bool = false,
    interactive: Bool = false, holding held: Set<Int> = []
  ) throws {
    client = OfflineUserClient(
      users: try OfflineUserClient.fixtureUsers(), latency: .zero,
      failures: .requests(failingRequests), sleep: { _ in })
    gatedClient = GatedUserClient(base: client, holding: held)
    let scheduler = self.scheduler
    let virtualTime: @MainActor () -> Duration = { scheduler.now }
    app = DemoApp(
      display: display ?? PlainDisplay(output: output), client: gatedClient, scheduler: scheduler,
      advanceTime: { scheduler.run() }, interactive: interactive,
      traceClock: tracing ? virtualTime : nil)
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
