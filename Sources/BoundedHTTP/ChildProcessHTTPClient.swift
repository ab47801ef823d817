#if os(Linux)
  import Foundation
  import FoundationNetworking

  /// HTTP requests with ``BoundedHTTPClient``'s limits, each run in a child process (a worker),
  /// so that what Foundation does to a process during a transfer happens to the worker's:
  ///
  /// - A server that closes the connection after its status line makes swift-corelibs-foundation
  ///   up to Swift 6.3 trap (swiftlang/swift-corelibs-foundation#5285): the worker dies, and the
  ///   request fails with `URLError(.badServerResponse)` while the caller's process lives on.
  /// - A refused compressed body that Foundation goes on inflating in the background inflates in
  ///   the worker, which exits once it has answered: nothing is left running.
  ///
  /// The worker is an executable that calls ``TransferWorker/runIfRequested(_:)`` first in its
  /// `main` (an app names itself as `/proc/self/exe`, which still starts after its file was
  /// deleted or replaced). It runs the request with a
  /// ``BoundedHTTPClient`` of the same limits and the default session configuration, and
  /// answers on its standard output, which this client reads up to the body limit and 2 MiB
  /// more (the head: libcurl takes at most 300 KiB of headers, and JSON escaping may grow them).
  /// The worker is started and reaped by this client alone (`posix_spawn`, not Foundation's
  /// `Process`), and on glibc 2.34 and later gets no descriptor but its standard input, output
  /// and error.
  ///
  /// - Limits and errors: those of ``BoundedHTTPClient``, carried back from the worker. A worker
  ///   that dies or answers something unreadable gives `URLError(.badServerResponse)`; one that
  ///   cannot be started, `URLError(.cannotLoadFromNetwork)`.
  /// - Timeout: the request ends within ``timeout`` plus ``startupAllowance`` from the call,
  ///   waiting for a worker included, or fails with `URLError(.timedOut)` (and its worker is
  ///   killed); by the clock, even when a process the worker started holds its output open.
  /// - Workers: at most `maximumWorkers` at once for this client and its copies; further requests
  ///   wait their turn in call order.
  /// - Cancellation: cancelling the calling task stops the request at once, waiting or running
  ///   (its worker is killed), and throws `CancellationError`.
  /// - Requests: a method, a URL and headers, at most 16 MiB of them (more than libcurl sends in
  ///   process; `URLError(.dataLengthExceedsMaximum)` beyond); a request with a body is refused
  ///   with `URLError(.dataLengthExceedsMaximum)` too (the worker sends none).
  /// - Processes: `SIGCHLD` set to be ignored is reset to its default before the first worker
  ///   (with it ignored, no child can be waited for); a worker dies with this process, whatever
  ///   ends it, and writes no core file; and no thread or process to be had (a limit reached)
  ///   fails the request at once with `URLError(.cannotLoadFromNetwork)`.
  ///
  /// Linux only: it works around swift-corelibs-foundation, and Apple's Foundation does not
  /// have these traps. The price: a process start per request, a few milliseconds.
  public struct ChildProcessHTTPClient: HTTPFetching {
    /// The longest the worker's transfer may take, from its start to the complete body.
    public let timeout: Duration
    /// The most body bytes one response may have.
    public let maximumBodySize: Int
    /// What a worker is given to start, beyond ``timeout``: 2 seconds.
    public static let startupAllowance: Duration = .seconds(2)

    private let executable: URL
    private let arguments: [String]
    private let slots: WorkerSlots

    /// A client whose workers are `executable` started with ``TransferWorker/argument`` (the
    /// request on their standard input); at most `maximumWorkers` run at once.
    ///
    /// - Precondition: `timeout`, `maximumBodySize` and `maximumWorkers` are positive.
    public init(
      worker executable: URL, timeout: Duration, maximumBodySize: Int, maximumWorkers: Int = 4
    ) {
      precondition(timeout > .zero, "ChildProcessHTTPClient: timeout must be positive")
      precondition(maximumBodySize > 0, "ChildProcessHTTPClient: maximumBodySize must be positive")
      precondition(maximumWorkers > 0, "ChildProcessHTTPClient: maximumWorkers must be positive")
      self.executable = executable
      arguments = [TransferWorker.argument]
      self.timeout = timeout
      self.maximumBodySize = maximumBodySize
      slots = WorkerSlots(count: maximumWorkers)
    }

    /// Sends `request` through a worker and returns the body and the response, whatever its
    /// status; see the type's documentation for the limits, errors and cancellation.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
      let wire = try WireRequest(request, timeout: timeout, maximumBodySize: maximumBodySize)
      let (sum, overflows) = maximumBodySize.addingReportingOverflow(2 * 1024 * 1024)
      let outputLimit = overflows ? Int.max : sum
      let answer: (Data, URLResponse)?
      do {
        answer = try await race(wire, outputLimit: outputLimit)
      } catch {
        // A cancelled caller sees CancellationError whatever the worker reported.
        try Task.checkCancellation()
        throw error
      }
      try Task.checkCancellation()
      guard let answer else { throw URLError(.timedOut) }
      return answer
    }

    /// The worker's answer, or `nil` if ``timeout`` and ``startupAllowance`` pass first (then the
    /// worker is killed).
    private func race(_ wire: WireRequest, outputLimit: Int) async throws -> (Data, URLResponse)? {
      let (executable, arguments, slots, timeout) = (executable, arguments, slots, timeout)
      return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
        group.addTask {
          try await slots.withSlot {
            try await ChildTransfer.run(
              wire, executable: executable, arguments: arguments, outputLimit: outputLimit)
          }
        }
        group.addTask {
          try await Task.sleep(for: timeout + Self.startupAllowance)
          return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
      }
    }
  }
#endif
