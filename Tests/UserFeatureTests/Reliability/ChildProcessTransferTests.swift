// Linux only: the worker process (`ChildProcessHTTPClient`) exists on Linux alone.
#if os(Linux)
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

  /// The live client with each transfer in a worker process (`ChildProcessHTTPClient`, the
  /// `TransferProbe` executable as the worker) against a local server: what Foundation does to a
  /// process during a transfer happens to the worker, and the caller gets the same answers and
  /// errors as in process (issue 40, item 1, and the refused gzip bomb).
  @Suite(.serialized, .timeLimit(.minutes(5)))
  struct ChildProcessTransferTests {
    /// A live client whose transfers run in `TransferProbe` workers; a patient one unless a test
    /// is about the timeout.
    private static func client(
      _ baseURL: URL, timeout: Duration = Patience.requestTimeout, maximumWorkers: Int = 4
    ) throws -> LiveUserClient {
      let worker = try BuiltProducts.executable(named: "TransferProbe")
      return LiveUserClient(
        baseURL: baseURL,
        http: ChildProcessHTTPClient(
          worker: worker, timeout: timeout,
          maximumBodySize: LiveUserClient.defaultMaximumBodySize, maximumWorkers: maximumWorkers))
    }

    /// How a request ended, in a word: `users:<count>`, or the error's case and code.
    private static func outcome(of request: () async throws -> UserPage) async -> String {
      do {
        return "users:\(try await request().users.count)"
      } catch let error as UserClientError {
        switch error {
        case .transport(let error): return "transport:\(error.code.rawValue)"
        case .bodyTooLarge: return "bodyTooLarge"
        case .connectionLost: return "connectionLost"
        case .decoding: return "decoding"
        default: return "\(error)"
        }
      } catch is CancellationError {
        return "cancelled"
      } catch {
        return "other:\(error)"
      }
    }

    /// The status line, then the close: the worker dies in Foundation's trap
    /// (swift-corelibs-foundation#5285) and the caller gets a transport error, then its next
    /// request is answered. In process, the trap killed the caller's process
    /// (`LiveClientRoundThreeTests`).
    @Test(arguments: RawHTTPServer.Mode.hangingUpAfterTheStatusLine)
    func aServerThatHangsUpAfterItsStatusLineIsATransportError(
      _ mode: RawHTTPServer.Mode
    ) async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let hangingUp = try Self.client(try server.baseURL(mode))
      let first = await Self.outcome {
        try await hangingUp.users(matching: "", page: 1, pageSize: 10)
      }
      #expect(first == "transport:\(URLError.Code.badServerResponse.rawValue)")
      let answering = try Self.client(try server.baseURL(.sized, bodySize: 1_000))
      let next = await Self.outcome {
        try await answering.users(matching: "", page: 1, pageSize: 10)
      }
      #expect(next == "users:1")
    }

    /// What the in-process client reports, the worker reports too: a body past the limit, a
    /// body cut short, a body that is not users.
    @Test(arguments: [
      (RawHTTPServer.Mode.huge, "bodyTooLarge"), (.truncated, "connectionLost"),
      (.malformed, "decoding"), (.empty, "decoding"),
    ])
    func theWorkersErrorsReachTheCallerAsTheirOwn(
      _ mode: RawHTTPServer.Mode, expected: String
    ) async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let client = try Self.client(try server.baseURL(mode))
      let outcome = await Self.outcome {
        try await client.users(matching: "", page: 1, pageSize: 10)
      }
      #expect(outcome == expected)
    }

    /// A refused gzip bomb (8 GiB inflated): in process, Foundation goes on inflating it in the
    /// background for about 40 s, and the next request timed out meanwhile (docs/reliability.md).
    /// The refusal comes back only once its worker has ended (the client reaps it first), so here
    /// the time is part of the subject: the bomb's client has the product's 10 s, which a worker
    /// that went on inflating would overrun (a timeout, not the refusal). The next request is
    /// answered.
    @Test func aRefusedGzipBombLeavesNothingRunningBehind() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let bomb = try Self.client(
        try server.baseURL(.gzipBomb), timeout: LiveUserClient.defaultTimeout)
      let refused = await Self.outcome { try await bomb.users(matching: "", page: 1, pageSize: 10) }
      #expect(refused == "bodyTooLarge")
      let next = try Self.client(try server.baseURL(.sized, bodySize: 1_000))
      #expect(
        await Self.outcome { try await next.users(matching: "", page: 1, pageSize: 10) }
          == "users:1")
    }

    /// A worker gets no descriptor of this process but its standard ones. Foundation's `Pipe`
    /// is not close-on-exec, so without that a running worker would hold the write end of every
    /// pipe open when it started (a test server's standard input, say), and the reader of that
    /// pipe would not see its end until the worker ended. Checked at once with `poll`: the end of
    /// a pipe whose writers are all closed is there without waiting.
    @Test func aWorkerHoldsNoDescriptorOfItsParent() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let pipe = Pipe()
      let client = try Self.client(try server.baseURL(.silent))
      let request = Task {
        await Self.outcome { try await client.users(matching: "", page: 1, pageSize: 10) }
      }
      for await line in server.lines where line == "accepted" { break }  // the worker runs
      try pipe.fileHandleForWriting.close()
      var end = pollfd(
        fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&end, 1, 0) == 1 && end.revents & Int16(POLLHUP) != 0, "a worker holds the pipe")
      request.cancel()
      #expect(await request.value == "cancelled")
    }

    /// A request with a body is refused before any worker starts: a worker sends none.
    @Test func aRequestWithABodyIsRefused() async throws {
      let http = ChildProcessHTTPClient(
        worker: try BuiltProducts.executable(named: "TransferProbe"), timeout: .seconds(5),
        maximumBodySize: 1_000)
      var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/users")))
      request.httpMethod = "POST"
      request.httpBody = Data("{}".utf8)
      await #expect(throws: URLError(.dataLengthExceedsMaximum)) {
        try await http.data(for: request)
      }
    }

    /// A request past the 16 MiB a worker is given is refused before any worker starts.
    @Test func aRequestPastItsLimitIsRefused() async throws {
      let http = ChildProcessHTTPClient(
        worker: try BuiltProducts.executable(named: "TransferProbe"), timeout: .seconds(5),
        maximumBodySize: 1_000)
      var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/users")))
      request.setValue(
        String(repeating: "x", count: 17 * 1024 * 1024), forHTTPHeaderField: "X-Large")
      await #expect(throws: URLError(.dataLengthExceedsMaximum)) {
        try await http.data(for: request)
      }
    }

    /// A worker that cannot be started fails the request with `.cannotLoadFromNetwork`.
    @Test func aWorkerThatCannotStartFailsTheRequest() async throws {
      let http = ChildProcessHTTPClient(
        worker: URL(fileURLWithPath: "/nonexistent/worker"), timeout: .seconds(5),
        maximumBodySize: 1_000)
      let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/users")))
      await #expect(throws: URLError(.cannotLoadFromNetwork)) { try await http.data(for: request) }
    }

    /// A server that never answers: the request ends with the client's timeout (the worker is
    /// killed).
    @Test func aSilentServerTimesOut() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let client = try Self.client(try server.baseURL(.silent), timeout: .seconds(1))
      let outcome = await Self.outcome {
        try await client.users(matching: "", page: 1, pageSize: 10)
      }
      #expect(outcome == "transport:\(URLError.Code.timedOut.rawValue)")
    }

    /// 40 requests to a silent server through 2 workers (38 waiting their turn), then all
    /// cancelled once both workers' requests reached the server: every caller is answered with
    /// `CancellationError`, waiting or running.
    @Test func cancellingWaitingAndRunningRequestsAnswersEveryCaller() async throws {
      let server = try await RawHTTPServer.start()
      defer { server.stop() }
      let client = try Self.client(try server.baseURL(.silent), maximumWorkers: 2)
      let requests = (0..<40).map { _ in
        Task { await Self.outcome { try await client.users(matching: "", page: 1, pageSize: 10) } }
      }
      // Both workers' requests reach the server, or (a hang guard) 240 s pass.
      let lines = server.lines
      let arrived = Task {
        var accepted = 0
        for await line in lines where line == "accepted" {
          accepted += 1
          if accepted == 2 { break }
        }
        return accepted
      }
      let guardTask = Task {
        try await Task.sleep(for: .seconds(240))
        arrived.cancel()
      }
      #expect(await arrived.value == 2, "the two workers' requests did not reach the server")
      guardTask.cancel()
      for request in requests { request.cancel() }
      var outcomes: [String] = []
      for request in requests { outcomes.append(await request.value) }
      #expect(outcomes == Array(repeating: "cancelled", count: 40))
    }
  }
#endif
