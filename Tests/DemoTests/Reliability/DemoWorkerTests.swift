// Linux only: the worker process (`ChildProcessHTTPClient`) exists on Linux alone.
#if os(Linux)
  import Foundation
  import TestServers
  import Testing
  import UserFeature

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Reliability, round four, where a user meets it: the Demo's live mode runs each transfer in a
  /// worker process of its own executable (`ChildProcessHTTPClient`), and a worker must be as
  /// dependable as the in-process client it replaced, whatever started the Demo, ended it or
  /// happened to its file. Each test failed before its fix (docs/reliability.md, round four).
  @Suite(.serialized, .timeLimit(.minutes(5)))
  struct DemoWorkerTests {
    /// Runs `program arguments…` through `/bin/sh -c script` (the program and its arguments are
    /// `"$@"` there), with `input` piped, as ``DemoProcess/run(_:input:)`` runs the Demo.
    private static func run(
      _ script: String, _ program: URL, _ arguments: [String], input: String
    ) async throws -> DemoProcess.Outcome {
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      let raw = try await DemoProcess.runProgram(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", program.path] + arguments,
        input: Data(input.utf8), environment: environment)
      return DemoProcess.Outcome(
        status: raw.status, stdout: String(decoding: raw.stdout, as: UTF8.self),
        stderr: String(decoding: raw.stderr, as: UTF8.self))
    }

    /// The arguments of `/usr/bin/env` that start the Demo through python3, which unblocks every
    /// signal (Foundation's Process starts children with most signals blocked, and a signal
    /// test must reach the Demo), runs `setup`, then becomes the Demo.
    private static func demoThroughPython(then setup: String = "") throws -> [String] {
      let script = """
        import os, signal, sys
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
        \(setup)
        os.execv(sys.argv[1], sys.argv[1:])
        """
      return ["python3", "-c", script, try DemoProcess.executable().path]
    }

    /// `SIGCHLD` ignored by whatever starts the Demo (a Python parent, `trap '' CHLD` in bash)
    /// survives `exec`, and the kernel then reaps every child at once: every answer was lost
    /// ("Something went wrong") until the client restored the default before its first worker.
    @Test func aDemoStartedWithChildSignalsIgnoredGetsItsAnswers() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      let outcome = try await DemoProcess.runProgram(
        URL(fileURLWithPath: "/usr/bin/env"),
        try Self.demoThroughPython(then: "signal.signal(signal.SIGCHLD, signal.SIG_IGN)")
          + LiveServerFlags.arguments(for: try server.baseURL(.sized, bodySize: 1_000)),
        input: Data("quit\n".utf8), environment: environment)
      let shown = String(decoding: outcome.stdout, as: UTF8.self)
      #expect(outcome.status == 0 && shown.contains("User 1"), "\(shown)")
    }

    /// A signal that ends the Demo ends its worker: the worker of a request the server never
    /// answers held its connection until its own timeout (an hour here) under pid 1.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGKILL])
    func aSignalThatEndsTheDemoEndsItsWorker(_ signal: Int32) async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let demo = Process()
      demo.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      demo.arguments =
        try Self.demoThroughPython() + LiveServerFlags.arguments(for: try server.baseURL(.silent))
      let input = Pipe()  // kept open: the Demo waits for commands
      demo.standardInput = input
      demo.standardOutput = FileHandle.nullDevice
      demo.standardError = FileHandle.nullDevice
      let (ended, end) = AsyncStream<Void>.makeStream()
      demo.terminationHandler = { _ in end.finish() }
      try demo.run()
      var lines = server.lines.makeAsyncIterator()
      while let line = await lines.next(), line != "accepted" {}  // a worker holds the request
      kill(demo.processIdentifier, signal)
      // What is asserted: the worker's connection ends with the Demo. The Demo's own end is
      // awaited afterwards, only so that nothing outlives the test.
      var closed = false
      while !closed, let line = await lines.next() { closed = line == "closed" }
      #expect(closed, "the server's connection to the worker outlived the Demo")
      try input.fileHandleForWriting.close()
      for await _ in ended {}
    }

    /// The Demo's file deleted while it runs (`rm -rf .build`, a rebuild): its workers start
    /// from the running executable, not from the path, so requests go on being answered.
    @Test func aDemoWhoseFileWasDeletedGetsItsAnswers() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let scratch = try ScratchDirectory(prefix: "deleted-demo")
      defer { scratch.remove() }
      let copy = scratch.file("Demo")
      try FileManager.default.copyItem(at: try DemoProcess.executable(), to: copy)
      // Opened, deleted, then started from the open file: deleted before its first request.
      let outcome = try await Self.run(
        #"exec 3<"$1"; rm "$1"; shift; exec /proc/self/fd/3 "$@""#, copy,
        LiveServerFlags.arguments(for: try server.baseURL(.sized, bodySize: 1_000)),
        input: "reload\nquit\n")
      #expect(!FileManager.default.fileExists(atPath: copy.path))
      let failed = UserFacingError(UserClientError.transport(URLError(.badServerResponse))).message
      #expect(outcome.status == 0 && outcome.stdout.contains("User 1"), "\(outcome.stdout)")
      #expect(!outcome.stdout.contains(failed), "the load or the reload failed: \(outcome.stdout)")
    }

    /// Core files on (`ulimit -c unlimited`): a worker that dies in Foundation's trap on a server
    /// that hangs up after its status line wrote a 50 MB core file into the working directory.
    @Test func aWorkerThatDiesWritesNoCoreFile() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let directory = try ScratchDirectory(prefix: "demo-core")
      defer { directory.remove() }
      let outcome = try await Self.run(
        #"cd '\#(directory.url.path)' && ulimit -c unlimited && exec "$@""#,
        try DemoProcess.executable(),
        LiveServerFlags.arguments(for: try server.baseURL(.statusLineOnly)), input: "quit\n")
      let message = UserFacingError(UserClientError.transport(URLError(.badServerResponse))).message
      #expect(outcome.status == 0 && outcome.stdout.contains(message), "\(outcome.stderr)")
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      #expect(!files.contains { $0.hasPrefix("core") }, "\(files)")
    }

    /// A search of 2,000 Korean syllables is an 18 KB URL: the in-process client sends it, and a
    /// worker did not (its request was limited to 16 KiB: "Something went wrong").
    @Test func aSearchOverEighteenKilobytesOfURLIsSent() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let query = String(repeating: "가", count: 2_000)
      let outcome = try await DemoProcess.run(
        LiveServerFlags.arguments(for: try server.baseURL(.sized, bodySize: 1_000)),
        input: "search \(query)\nquit\n")
      #expect(outcome.stdout.contains("No users match"), "\(outcome.stdout.suffix(600))")
    }

    /// A header holding a byte that is not UTF-8 makes libcurl refuse the answer (Foundation says
    /// only "Failed writing header"): the screen says the answer could not be read.
    @Test func aHeaderThatIsNotTextIsAnUnreadableAnswer() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let outcome = try await DemoProcess.run(
        LiveServerFlags.arguments(for: try server.baseURL(.latin1Header)), input: "quit\n")
      let message = UserFacingError(UserClientError.transport(URLError(.cannotParseResponse)))
      #expect(message.kind == .unreadableResponse)
      #expect(outcome.stdout.contains(message.message), "\(outcome.stdout)")
    }

    /// A worker run by hand with the longest timeout its request can say (`Int64.max` ms)
    /// trapped in Foundation; it now runs the transfer and answers.
    @Test func aWorkerWithTheLongestTimeoutAnswers() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let url = try server.baseURL(.sized, bodySize: 1_000).appendingPathComponent("users/")
      let outcome = try await DemoProcess.runRaw(
        ["--transfer-worker"], input: Self.request(url, timeout: Int64.max, parent: getpid()))
      let head = String(decoding: outcome.stdout.prefix(while: { $0 != 10 }), as: UTF8.self)
      #expect(outcome.status == 0 && head.contains(#""status":200"#), "\(head)")
    }

    /// A worker whose parent is not the process that wrote its request (that one died before the
    /// worker could bind itself to it) refuses, as it refuses any request it cannot take.
    @Test func aWorkerWhoseParentIsGoneRefuses() async throws {
      let url = try #require(URL(string: "http://127.0.0.1:9/users/"))
      let outcome = try await DemoProcess.runRaw(
        ["--transfer-worker"], input: Self.request(url, timeout: 1_000, parent: 1))
      #expect(outcome.status == 2 && outcome.stdout.isEmpty)
      #expect(String(decoding: outcome.stderr, as: UTF8.self).contains("gone"))
    }

    /// A worker's request, as `ChildProcessHTTPClient` writes it.
    private static func request(_ url: URL, timeout: Int64, parent: Int32) -> Data {
      Data(
        (#"{"url":"\#(url.absoluteString)","method":"GET","headers":{},"#
          + #""timeoutMilliseconds":\#(timeout),"maximumBodySize":100000,"parent":\#(parent)}"#)
          .utf8)
    }
  }
#endif
