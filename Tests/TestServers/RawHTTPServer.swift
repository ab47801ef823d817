import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A raw TCP server on 127.0.0.1 that answers HTTP badly on purpose, run by `python3` with
/// `socketserver` on a port the OS picks (printed on its first stdout line). It exits when its
/// standard input closes, so no server outlives its test.
///
/// The first path component picks the misbehaviour, so `http://127.0.0.1:<port>/<mode>` is a
/// base URL for `LiveUserClient` (``baseURL(_:bodySize:)`` builds it). Modes are listed in
/// ``Mode``.
public final class RawHTTPServer: Sendable {
  /// What the server sends back.
  public enum Mode: String, CaseIterable, Sendable {
    /// 200 with a complete body that is not JSON of the expected shape.
    case malformed
    /// 200 with `Content-Length: 4096` but only the start of a JSON array, then close.
    case truncated
    /// 200 with a 20 MB JSON array of valid users (about 180 000 of them).
    case huge
    /// 200 with a JSON array whose strings hold bytes that are not UTF-8.
    case nonUTF8
    /// Reads the request and never answers (the connection stays open); prints `accepted`, and
    /// `closed` once the client has closed the connection.
    case silent
    /// 200 with chunked encoding: one chunk, then the connection is reset mid-body.
    case resetMidBody
    /// 200 with `Content-Length: 0`.
    case empty
    /// Closes the connection without sending anything.
    case closeAtOnce
    /// A status line that is not HTTP.
    case garbage
    /// 200 with `Content-Length` and a valid JSON array of one user, padded with spaces to
    /// exactly the body size in the URL.
    case sized
    /// As `sized`, but chunked: the length is not announced, the client has to count.
    case sizedChunked
    /// 200, chunked, streaming ``endlessBytes`` of an unfinished JSON array at about 50 MB/s
    /// (a 64 KiB piece, then 1 ms of rest), like a fast network. When the client stops (or
    /// everything is sent) the server prints `sent <bytes>`, the body bytes it managed to hand
    /// to the socket.
    case endless
    /// As `endless`, without rest: as fast as the client reads, a loopback firehose.
    case endlessFirehose
    /// 200 with `Content-Encoding: gzip`: about 1 KB on the wire per MiB it inflates to, that
    /// many MiB of an unfinished JSON array as the URL says (``baseURL(_:bodySize:)``'s
    /// `bodySize`, in MiB; ``gzipBombMebibytes`` if 0: 8 MB on the wire, 8 GiB inflated), its
    /// length announced in `Content-Length`.
    /// Prints `sent <bytes>` like `endless` (the compressed bytes handed to the socket).
    case gzipBomb
    /// Keeps the connection open (HTTP/1.1) and answers every request on it with a one-user
    /// array and its `Content-Length`; prints `connection` for each connection it accepts and
    /// `request` for each request it answers, so a test can count them.
    case keepAlive
    /// `HTTP/1.1 200 OK` and nothing more: the connection closes after the status line.
    case statusLineOnly
    /// As `statusLineOnly`, with one header line before the close.
    case statusLineAndOneHeader
    /// `HTTP/1.1 404 Not Found`, then the close.
    case notFoundStatusLineOnly
    /// As `sized` with a one-user body, with a header whose value holds a Latin-1 byte (0xE9)
    /// that is not UTF-8.
    case latin1Header

    /// The modes that close the connection after the status line (swift-corelibs-foundation
    /// up to Swift 6.3 traps on each: #5285).
    public static let hangingUpAfterTheStatusLine: [Mode] = [
      .statusLineOnly, .statusLineAndOneHeader, .notFoundStatusLineOnly,
    ]
  }

  /// What the `gzipBomb` body inflates to unless the URL says otherwise, in MiB: 8 GiB.
  public static let gzipBombMebibytes = 8192

  /// A bomb whose inflation ends, in MiB (256 MiB: about a second of CPU here), for a test
  /// that bounds memory. swift-corelibs-foundation goes on inflating a refused bomb in the
  /// background, and its heap grows by about 8 MB a second meanwhile (docs/reliability.md): a
  /// memory bound on the 8 GiB bomb is a deadline in disguise (62 MB two seconds after the
  /// refusal, 114 MB after six), while this one's cost is bounded by its size whatever the
  /// machine's pace.
  public static let finiteBombMebibytes = 256

  /// Users in the `huge` payload; each object is about 115 bytes, so the body is about 20 MB.
  public static let hugeCount = 180_000

  /// The body the `endless` mode offers: 200 MB.
  public static let endlessBytes = 200_000_000

  private static let script = """
    import os, signal, socket, socketserver, struct, sys, threading, time, zlib
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    def watch_stdin():
        sys.stdin.buffer.read()
        os._exit(0)
    threading.Thread(target=watch_stdin, daemon=True).start()
    HUGE_COUNT = int(sys.argv[1])
    ENDLESS_BYTES = int(sys.argv[2])
    BOMB_MEBIBYTES = int(sys.argv[3])
    ONE_USER = b'{"id":1,"name":"User 1","username":"user1","email":"user1@example.com"}'
    def sized_body(size):
        head = b"[" + ONE_USER
        return head + b" " * (size - len(head) - 1) + b"]"
    def send_chunked(s, pieces):
        for piece in pieces:
            s.sendall(b"%x\\r\\n" % len(piece) + piece + b"\\r\\n")
        s.sendall(b"0\\r\\n\\r\\n")
    def endless_pieces():
        piece = (ONE_USER + b",") * 900
        yield b"["
        offered = 1
        while offered + len(piece) <= ENDLESS_BYTES:
            yield piece
            offered += len(piece)
    bombs = {}
    def bomb_body(mebibytes):
        # A gzip stream of "[" and that many MiB of spaces: one 1 MiB block compressed with a
        # full flush (so it refers to nothing before it) repeated, then a gzip trailer whose CRC
        # is left zero (a client that reads to the end fails there; none should get that far).
        with huge_lock:
            if mebibytes not in bombs:
                c = zlib.compressobj(9, zlib.DEFLATED, -15)
                first = c.compress(b"[") + c.flush(zlib.Z_FULL_FLUSH)
                repeated = c.compress(b" " * (1 << 20)) + c.flush(zlib.Z_FULL_FLUSH)
                trailer = struct.pack("<II", 0, (1 + (mebibytes << 20)) & 0xffffffff)
                bombs[mebibytes] = (bytes([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]) + first
                                    + repeated * mebibytes + c.flush() + trailer)
            return bombs[mebibytes]
    huge = None
    huge_lock = threading.Lock()
    def huge_body():
        global huge
        with huge_lock:
            if huge is None:
                item = '{"id":%d,"name":"User %d","username":"user%d","email":"user%d@example.com","extra":"padding padding padding"}'
                huge = ("[" + ",".join(item % (i, i, i, i) for i in range(1, HUGE_COUNT + 1)) + "]").encode()
            return huge
    def head(length=None, extra=""):
        text = "HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nConnection: close\\r\\n" + extra
        if length is not None:
            text += "Content-Length: %d\\r\\n" % length
        return (text + "\\r\\n").encode()
    class Handler(socketserver.BaseRequestHandler):
        def handle(self):
            data = b""
            while b"\\r\\n\\r\\n" not in data:
                chunk = self.request.recv(65536)
                if not chunk:
                    return
                data += chunk
            path = data.split(b" ", 2)[1].decode("latin-1")
            parts = path.strip("/").split("/")
            mode = parts[0]
            s = self.request
            if mode == "malformed":
                body = b'{"users": [nope]}'
                s.sendall(head(len(body)) + body)
            elif mode == "truncated":
                s.sendall(head(4096) + b'[{"id":1,"name":"User 1","usern')
            elif mode == "huge":
                body = huge_body()
                s.sendall(head(len(body)) + body)
            elif mode == "nonUTF8":
                body = b'[{"id":1,"name":"\\xff\\xfe\\xc3\\x28","username":"u","email":"e@x"}]'
                s.sendall(head(len(body)) + body)
            elif mode == "silent":
                print("accepted", flush=True)
                try:
                    while s.recv(65536):
                        pass
                except OSError:
                    pass
                print("closed", flush=True)
            elif mode == "resetMidBody":
                s.sendall(head(None, "Transfer-Encoding: chunked\\r\\n") + b'11\\r\\n[{"id":1,"name":"\\r\\n')
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            elif mode == "empty":
                s.sendall(head(0))
            elif mode == "closeAtOnce":
                pass
            elif mode == "sized":
                body = sized_body(int(parts[1]))
                s.sendall(head(len(body)) + body)
            elif mode == "sizedChunked":
                body = sized_body(int(parts[1]))
                s.sendall(head(None, "Transfer-Encoding: chunked\\r\\n"))
                send_chunked(s, [body[i:i + 65536] for i in range(0, len(body), 65536)])
            elif mode == "endless" or mode == "endlessFirehose":
                rest = 0.001 if mode == "endless" else 0
                sent = 0
                try:
                    s.sendall(head(None, "Transfer-Encoding: chunked\\r\\n"))
                    for piece in endless_pieces():
                        s.sendall(b"%x\\r\\n" % len(piece) + piece + b"\\r\\n")
                        sent += len(piece)
                        time.sleep(rest)
                    s.sendall(b"0\\r\\n\\r\\n")
                except OSError:
                    pass
                print("sent %d" % sent, flush=True)
            elif mode == "gzipBomb":
                size = parts[1] if len(parts) > 1 else ""
                body = bomb_body(int(size) if size.isdigit() else BOMB_MEBIBYTES)
                sent = 0
                try:
                    s.sendall(head(len(body), "Content-Encoding: gzip\\r\\n"))
                    for i in range(0, len(body), 65536):
                        s.sendall(body[i:i + 65536])
                        sent += len(body[i:i + 65536])
                except OSError:
                    pass
                print("sent %d" % sent, flush=True)
            elif mode == "keepAlive":
                print("connection", flush=True)
                body = b"[" + ONE_USER + b"]"
                answer = (b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\n"
                          + b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
                while True:
                    print("request", flush=True)
                    s.sendall(answer)
                    data = data[data.index(b"\\r\\n\\r\\n") + 4:]
                    while b"\\r\\n\\r\\n" not in data:
                        chunk = s.recv(65536)
                        if not chunk:
                            return
                        data += chunk
            elif mode == "statusLineOnly":
                s.sendall(b"HTTP/1.1 200 OK\\r\\n")
            elif mode == "statusLineAndOneHeader":
                s.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\n")
            elif mode == "latin1Header":
                body = b"[" + ONE_USER + b"]"
                latin1 = b"\\r\\nX-Name: caf\\xe9\\r\\n\\r\\n"
                s.sendall(head(len(body)).replace(b"\\r\\n\\r\\n", latin1) + body)
            elif mode == "notFoundStatusLineOnly":
                s.sendall(b"HTTP/1.1 404 Not Found\\r\\n")
            else:
                s.sendall(b"HELLO THERE\\r\\n\\r\\n")
    class Server(socketserver.ThreadingTCPServer):
        daemon_threads = True
        allow_reuse_address = True
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  private let launch: PythonServerLaunch

  /// The port it listens on, on 127.0.0.1.
  public var port: Int { launch.port }
  /// Lines the server printed after its port (`accepted` for each `silent` request), in order.
  public var lines: AsyncStream<String> { launch.lines }

  private init(_ launch: PythonServerLaunch) {
    self.launch = launch
  }

  /// The base URL that makes the server misbehave as `mode` says; `bodySize` is the body's
  /// exact size in bytes for the `sized` modes (at least 80), the inflated size in MiB for
  /// `gzipBomb` (0: ``gzipBombMebibytes``), ignored by the others.
  public func baseURL(_ mode: Mode, bodySize: Int = 0) throws -> URL {
    let path =
      switch mode {
      case .sized, .sizedChunked: "\(mode.rawValue)/\(bodySize)"
      case .gzipBomb where bodySize > 0: "\(mode.rawValue)/\(bodySize)"
      default: mode.rawValue
      }
    guard let url = URL(string: "http://127.0.0.1:\(port)/\(path)") else {
      throw URLError(.badURL)
    }
    return url
  }

  /// Starts python3 and returns once it listens (it prints its port only after `listen`).
  public static func start() async throws -> RawHTTPServer {
    RawHTTPServer(
      try await PythonServerLaunch.start(
        script: script,
        arguments: [String(hugeCount), String(endlessBytes), String(gzipBombMebibytes)],
        terminatesOnStop: false))
  }

  /// Closes the server's stdin (it exits at once) and returns without waiting for the process.
  /// Idempotent; releasing the server does it too.
  public func stop() {
    launch.stop()
  }

  /// As ``stop()``, then suspends until the process has exited and its port is closed.
  public func stopAndWait() async {
    await launch.stopAndWait()
  }
}

/// Runs `body` with a fresh ``RawHTTPServer`` and an ephemeral session, stopping both on every
/// path.
public func withRawHTTPServer<T>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (RawHTTPServer, URLSession) async throws -> T
) async throws -> T {
  let server = try await RawHTTPServer.start()
  defer { server.stop() }
  let session = URLSession(configuration: .ephemeral)
  defer { session.invalidateAndCancel() }
  return try await body(server, session)
}
