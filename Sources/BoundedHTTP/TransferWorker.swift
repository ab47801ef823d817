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

  /// If `arguments` (`CommandLine.arguments`) are a worker's (just ``argument``), reads the
  /// request its parent wrote on standard input (at most 16 KiB), runs the transfer, writes its
  /// outcome and exits with status 0; a request it cannot read exits with status 2 and a line on
  /// standard error. Otherwise returns at once.
  public static func runIfRequested(_ arguments: [String]) async {
    guard arguments.dropFirst().first == argument else { return }
    guard arguments.count == 2, let input = readStandardInput(limit: 16 * 1024),
      let wire = try? JSONDecoder().decode(WireRequest.self, from: input),
      let request = wire.urlRequest, wire.timeoutMilliseconds > 0, wire.maximumBodySize > 0
    else {
      FileHandle.standardError.write(Data("\(argument): expected one JSON request\n".utf8))
      _exit(2)
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
    // A parent that went away closed the channel: SIGPIPE (default here) or a failed write ends
    // the worker either way.
    try? FileHandle.standardOutput.write(contentsOf: output)
    // `_exit`, not `exit`: Foundation's threads may still be at work on the transfer (a refused
    // body inflating); no exit handler or destructor runs beside them.
    _exit(0)
  }

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
