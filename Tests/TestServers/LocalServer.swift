import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real HTTP server on 127.0.0.1, run by `python3` on a free port the OS picks (port 0), so
/// tests exercise the real network stack. `stop()` terminates the process; ``withLocalServer``
/// calls it on every path.
///
/// Modes:
/// - `files`: serves a directory with `http.server.SimpleHTTPRequestHandler` (what
///   `python3 -m http.server` runs).
/// - `silent`: accepts connections and never answers (for timeouts and cancellation); prints
///   `accepted` for every connection so a test can wait for it.
public final class LocalServer: Sendable {
  /// What the server does with a request.
  public enum Mode: String, Sendable {
    /// Serves the files under the root directory.
    case files
    /// Accepts and never answers.
    case silent
  }

  private static let script = """
    import http.server, os, signal, socket, sys, threading, time
    # Foundation's Process on Linux starts children with most signals blocked; unblock them so
    # terminate() (SIGTERM) works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    # Exit as soon as the test closes stdin (or dies): no server outlives its test.
    def watch_stdin():
        sys.stdin.buffer.read()
        os._exit(0)
    threading.Thread(target=watch_stdin, daemon=True).start()
    mode, root, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
    if mode == "files":
        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=root, **kwargs)
            def do_GET(self):
                time.sleep(delay)
                super().do_GET()
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
    else:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        held = []
        while True:
            connection, _ = listener.accept()
            held.append(connection)
            print("accepted", flush=True)
    """

  private let launch: PythonServerLaunch

  /// The port it listens on, on 127.0.0.1.
  public var port: Int { launch.port }
  /// Lines the server printed after its port, in order.
  public var lines: AsyncStream<String> { launch.lines }

  private init(_ launch: PythonServerLaunch) {
    self.launch = launch
  }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL {
    get throws {
      guard let url = URL(string: "http://127.0.0.1:\(port)") else {
        throw URLError(.badURL)
      }
      return url
    }
  }

  /// Starts python3 in `mode` (serving `root` in `files` mode, each answer `latency` late, as
  /// from a server farther away) and returns once it listens.
  public static func start(
    _ mode: Mode, root: URL? = nil, latency: Duration = .zero
  ) async throws -> LocalServer {
    let seconds = Double(latency.components.seconds) + Double(latency.components.attoseconds) / 1e18
    let server = LocalServer(
      try await PythonServerLaunch.start(
        script: script, arguments: [mode.rawValue, root?.path ?? ".", String(seconds)],
        terminatesOnStop: true))
    if mode == .files {
      try await server.waitUntilAnswering()
    }
    return server
  }

  /// Ends the process (closing its stdin, and SIGTERM) and returns at once; the process exits
  /// soon after. Idempotent; releasing the server does it too.
  public func stop() {
    launch.stop()
  }

  /// As ``stop()``, then suspends until the process has exited and its port is closed.
  public func stopAndWait() async {
    await launch.stopAndWait()
  }

  /// Polls with real connections, a bounded number of times, until the server answers HTTP.
  private func waitUntilAnswering() async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: try baseURL)
    request.timeoutInterval = 2
    for _ in 0..<50 {
      if (try? await session.data(for: request)) != nil {
        return
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw ServerError.notAnswering
  }

  /// Why a server could not be used.
  public enum ServerError: Error {
    /// It started but did not answer HTTP requests.
    case notAnswering
  }
}

/// Runs `body` with a server (as ``LocalServer/start(_:root:latency:)`` starts it), stopping it
/// afterwards whether `body` returns or throws.
public func withLocalServer<T>(
  _ mode: LocalServer.Mode, root: URL? = nil, latency: Duration = .zero,
  isolation: isolated (any Actor)? = #isolation, _ body: (LocalServer) async throws -> T
) async throws -> T {
  let server = try await LocalServer.start(mode, root: root, latency: latency)
  defer { server.stop() }
  return try await body(server)
}
