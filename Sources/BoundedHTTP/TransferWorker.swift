import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child side of `ChildProcessHTTPClient`: an executable that may serve as the client's
/// worker calls ``runIfRequested(_:)`` first thing in its `main`.
///
/// ```swift
/// await TransferWorker.runIfRequested(CommandLine.arguments)  // returns unless asked to work
/// ```
///
/// A worker runs one transfer with a ``BoundedHTTPClient`` (the same limits, in its own
/// process), writes the outcome to standard output and exits, so that whatever Foundation does
/// to the process during the transfer (a trap, a refused body still inflating in the
/// background) ends with it.
public enum TransferWorker {
  /// The first argument that asks an executable to be a worker.
  public static let argument = "--transfer-worker"

  /// The most bytes of request a worker reads, and `ChildProcessHTTPClient` sends: more than
  /// libcurl's own bound on a URL (8 MB), so every request the in-process client would send
  /// fits, JSON escaping included.
  static let maximumRequestSize = 16 * 1024 * 1024

  /// If `arguments` (`CommandLine.arguments`) are a worker's (just ``argument``), reads the
  /// request its parent wrote on standard input (at most 16 MiB), runs the transfer, writes its
  /// outcome and exits with status 0; a request it cannot read, or a parent that is already
  /// gone, exits with status 2 and a line on standard error. Otherwise returns at once.
  ///
  /// On Linux a worker dies with its parent (a signal that ends the app ends its transfers) and
  /// writes no core file (a trap in Foundation is an outcome here, not a bug to keep).
  public static func runIfRequested(_ arguments: [String]) async {
    guard arguments.dropFirst().first == argument else { return }
    #if os(Linux)
      bindToParent()
    #endif
    guard arguments.count == 2, let input = readStandardInput(limit: maximumRequestSize),
      let wire = try? JSONDecoder().decode(WireRequest.self, from: input),
      let request = wire.urlRequest, wire.timeoutMilliseconds > 0, wire.maximumBodySize > 0
    else { refuse("expected one JSON request") }
    // Checked after the parent-death signal is set: a parent that died before it, this one
    // cannot notice, and then this process has a new parent.
    guard getppid() == wire.parent else { refuse("the process that asked for it is gone") }
    let client = BoundedHTTPClient(
      configuration: .default, timeout: .milliseconds(wire.timeoutMilliseconds),
      maximumBodySize: wire.maximumBodySize)
    let output: Data
    do {
      let (body, response) = try await client.data(for: request)
      output = try WireAnswerHead(response, bodyLength: body.count).framed(with: body)
    } catch {
      output = (try? WireAnswerHead(failure: WireFailure(error)).framed()) ?? Data()
    }
    // A parent that went away closed the channel: SIGPIPE (default here) or a failed write ends
    // the worker either way.
    try? FileHandle.standardOutput.write(contentsOf: output)
    // `_exit`, not `exit`: Foundation's threads may still be at work on the transfer (a refused
    // body inflating); no exit handler or destructor runs beside them.
    _exit(0)
  }

  /// Says why on standard error and exits with status 2.
  private static func refuse(_ reason: String) -> Never {
    FileHandle.standardError.write(Data("\(argument): \(reason)\n".utf8))
    _exit(2)
  }

  #if os(Linux)
    /// Asks the kernel to kill this process when the thread that started it ends (that thread
    /// waits for the worker until it has ended, so: when the app ends, however), and turns core
    /// files off.
    private static func bindToParent() {
      var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
      setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
      // `prctl` is variadic in C, which Swift cannot call; its symbol is glibc's
      // `int prctl(int, ...)`, and on x86_64 and arm64 Linux integer arguments reach a variadic
      // function in the same registers as a fixed one's.
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      guard let symbol = dlsym(nil, "prctl") else { refuse("prctl is missing") }
      let prctl = unsafeBitCast(symbol, to: Prctl.self)
      let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
      let setDumpable: Int32 = 4  // PR_SET_DUMPABLE
      guard prctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0) == 0,
        prctl(setDumpable, 0, 0, 0, 0) == 0
      else { refuse("cannot bind to its parent") }
    }
  #endif

  /// Standard input to its end, or `nil` past `limit` bytes or at a read error.
  private static func readStandardInput(limit: Int) -> Data? {
    var data = Data()
    do {
      // `nil` (or an empty piece) is the end; a read error throws.
      while let piece = try FileHandle.standardInput.read(upToCount: 4096), !piece.isEmpty {
        data += piece
        if data.count > limit { return nil }
      }
      return data
    } catch {
      return nil
    }
  }
}
