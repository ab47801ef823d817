import Foundation
import TestServers

/// The Demo's flags for a server a test runs: `--endpoint <url>`, and `--timeout` with
/// ``Patience/requestTimeout`` (the Demo's own default is 10 s, and on Linux each of its
/// requests starts a worker process). `DemoTimeoutTests` is the test about the timeout itself.
enum LiveServerFlags {
  /// The flags that point the Demo at `endpoint` with the patient timeout.
  static func arguments(for endpoint: String) -> [String] {
    ["--endpoint", endpoint, "--timeout", String(Patience.requestTimeout.components.seconds)]
  }

  /// The flags that point the Demo at `endpoint` with the patient timeout.
  static func arguments(for endpoint: URL) -> [String] {
    arguments(for: endpoint.absoluteString)
  }
}
