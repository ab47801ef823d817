import Signals
import SignalsTesting
import UserFeature

@testable import Demo

/// The app in-process, as a test drives it: plain output into a buffer, the bundled users
/// served with zero latency (no sleep at all) and scripted failures, and a virtual-time
/// scheduler that the app runs whenever it waits for a screen to settle. Nothing waits on the
/// wall clock.
@MainActor
final class DemoSession {
  let output = CapturedOutput()
  let scheduler = TestScheduler()
  let client: OfflineUserClient
  let app: DemoApp

  /// - Parameters:
  ///   - failingRequests: the client's request numbers (0 = the first load) that fail with a
  ///     lost connection.
  ///   - display: where the app draws; plain output into ``output`` by default.
  init(failingRequests: Set<Int> = [], display: (any Display)? = nil) throws {
    client = OfflineUserClient(
      users: try OfflineUserClient.fixtureUsers(), latency: .zero,
      failures: .requests(failingRequests), sleep: { _ in })
    let scheduler = self.scheduler
    app = DemoApp(
      display: display ?? PlainDisplay(output: output), client: client, scheduler: scheduler,
      advanceTime: { scheduler.run() })
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
