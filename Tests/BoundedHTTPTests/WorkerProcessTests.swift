// Linux only: the worker process (`ChildProcessHTTPClient`) exists on Linux alone.
#if os(Linux)
  import BoundedHTTP
  import Foundation
  import TestServers
  import Testing

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

    /// The lines `program arguments…` writes, run as the user `nobody`; throws if it does not
    /// exit with status 0. Awaited through its termination handler, never on a blocked thread.
    private static func runAsNobody(_ program: URL, _ arguments: [String]) async throws -> [String]
    {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", program.path] + arguments
      let scratch = try ScratchDirectory(prefix: "as-nobody")
      defer { scratch.remove() }
      let output = scratch.file("output")
      guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
        throw WorkerProcessFailure(description: "cannot create \(output.path)")
      }
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardInput = FileHandle.nullDevice
      let (ended, end) = AsyncStream<Void>.makeStream()
      process.terminationHandler = { _ in end.finish() }
      try process.run()
      for await _ in ended {}
      let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(
        String.init)
      guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw WorkerProcessFailure(description: "status \(process.terminationStatus): \(lines)")
      }
      return lines
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
      let lines = try await Self.runAsNobody(
        try BuiltProducts.executable(named: "TransferProbe"), ["limited", url, "3600"])
      #expect(lines.first?.hasPrefix("users:1 ") == true, "\(lines)")
      let refused = "other:transport error \(URLError.Code.cannotLoadFromNetwork.rawValue)"
      #expect(lines.dropFirst().first?.hasPrefix(refused) == true, "\(lines)")
    }
  }

  /// A program a test ran did not exit with status 0.
  private struct WorkerProcessFailure: Error, CustomStringConvertible {
    let description: String
  }
#endif
