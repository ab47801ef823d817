import BoundedHTTP
import Foundation
import TestServers
import Testing
import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Reliability, round four, at the client: `ChildProcessHTTPClient` against a local server, with
/// what can happen around a worker process that the in-process client never met. Each test
/// failed before its fix (docs/reliability.md, round four).
@Suite(.timeLimit(.minutes(5)))
struct WorkerProcessTests {
  /// A worker that first starts a process holding its output for ten minutes (as one a
  /// preloaded library starts would), then becomes `TransferProbe`.
  private struct HoldingWorker {
    let directory: ScratchDirectory
    var script: URL { directory.file("worker") }

    init() throws {
      directory = try ScratchDirectory(prefix: "holding-worker")
      let probe = try BuiltProducts.executable(named: "TransferProbe")
      let text = """
        #!/bin/sh
        sleep 600 &
        echo $! > '\(directory.file("helper").path)'
        exec '\(probe.path)' "$@"

        """
      try Data(text.utf8).write(to: script)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// Ends the helper and removes the files.
    func remove() {
      let helper = try? String(contentsOf: directory.file("helper"), encoding: .utf8)
      if let pid = helper.flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
        kill(pid, SIGKILL)
      }
      directory.remove()
    }
  }

  /// The answer is read as far as its head says, not to the channel's end: the helper holding
  /// the output kept the caller waiting ten minutes for an answer the server gave at once.
  @Test func anAnswerDoesNotWaitForAProcessHoldingTheWorkersOutput() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let worker = try HoldingWorker()
    defer { worker.remove() }
    let http = ChildProcessHTTPClient(
      worker: worker.script, timeout: Patience.requestTimeout, maximumBodySize: 100_000)
    let url = try server.baseURL(.sized, bodySize: 1_000).appendingPathComponent("users/")
    let (body, response) = try await http.data(for: URLRequest(url: url))
    #expect((response as? HTTPURLResponse)?.statusCode == 200 && body.count == 1_000)
  }

  /// The timeout ends the request by the clock: the helper holding the output kept the
  /// timeout screen away until it ended (20 s under `--timeout 2` in the red team's run).
  @Test func aTimeoutDoesNotWaitForAProcessHoldingTheWorkersOutput() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let worker = try HoldingWorker()
    defer { worker.remove() }
    let http = ChildProcessHTTPClient(
      worker: worker.script, timeout: .seconds(1), maximumBodySize: 100_000)
    let url = try server.baseURL(.silent).appendingPathComponent("users/")
    await #expect(throws: URLError(.timedOut)) { try await http.data(for: URLRequest(url: url)) }
  }

  /// At its user's process limit no thread can be started for the transfer: the request fails
  /// at once instead of never being answered. Root ignores the limit, so the probe runs as
  /// `nobody`.
  @Test(.enabled(if: getuid() == 0, "only root can run the probe as another user"))
  func noThreadToBeHadFailsTheRequestAtOnce() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let url = try server.baseURL(.sized, bodySize: 1_000).absoluteString
    let run = try await TransferProbeRun.run(
      ["limited", url, "3600"],
      launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    #expect(run.exitedNormally && run.status == 0, "\(run.errorOutput)")
    #expect(run.lines.first?.hasPrefix("users:1 ") == true, "\(run.lines)")
    let refused = "other:transport error \(URLError.Code.cannotLoadFromNetwork.rawValue)"
    #expect(run.lines.dropFirst().first?.hasPrefix(refused) == true, "\(run.lines)")
  }
}
