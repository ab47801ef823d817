import Foundation

/// The Demo's flags for a server a test runs: `--endpoint <url> --timeout 3600`.
///
/// The Demo gives a request 10 s unless told otherwise, and on Linux each request starts a
/// worker process (`ChildProcessHTTPClient`). A CI machine busy with the whole suite once took
/// about 30 s to start a python server, and a search's worker past the 12 s the Demo allows: the
/// Demo showed "The server is taking too long to respond" where the test waited for the list.
/// A test about what the app does with an answer lifts that deadline, so only a hang fails it
/// (its own hang guard); `DemoTimeoutTests` is the test about the timeout itself.
enum LiveServerFlags {
  /// The longest timeout `--timeout` takes, in seconds: longer than any suite's time limit.
  static let patientTimeoutSeconds = 3600

  /// The flags that point the Demo at `endpoint` with the patient timeout.
  static func arguments(for endpoint: String) -> [String] {
    ["--endpoint", endpoint, "--timeout", String(patientTimeoutSeconds)]
  }

  /// The flags that point the Demo at `endpoint` with the patient timeout.
  static func arguments(for endpoint: URL) -> [String] {
    arguments(for: endpoint.absoluteString)
  }
}
