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

  /// The longest request argument a worker reads: 64 KiB (a URL and a few headers).
  static let maximumRequestSize = 64 * 1024

  /// If `arguments` (`CommandLine.arguments`) are a worker's (``argument``, then the request),
  /// runs the transfer, writes its outcome and exits with status 0; a request it cannot read
  /// exits with status 2 and a line on standard error. Otherwise returns at once.
  public static func runIfRequested(_ arguments: [String]) async {
    guard arguments.dropFirst().first == argument else { return }
    guard arguments.count == 3, arguments[2].utf8.count <= maximumRequestSize,
      let wire = try? JSONDecoder().decode(WireRequest.self, from: Data(arguments[2].utf8)),
      let request = wire.urlRequest, wire.timeoutMilliseconds > 0, wire.maximumBodySize > 0
    else {
      FileHandle.standardError.write(Data("\(argument): expected one JSON request\n".utf8))
      exit(2)
    }
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
    // A parent that went away closed the pipe: the write fails and the worker just ends.
    try? FileHandle.standardOutput.write(contentsOf: output)
    // `_exit`, not `exit`: Foundation's threads may still be at work on the transfer (a refused
    // body inflating); no exit handler or destructor runs beside them.
    _exit(0)
  }
}
