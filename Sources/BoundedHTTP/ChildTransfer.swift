#if os(Linux) || os(macOS)
  import Foundation
  import Synchronization

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// One worker process running one transfer, waited for on a thread of its own (never on the
  /// caller's concurrency pool). Internal; behind `ChildProcessHTTPClient`.
  ///
  /// ``stop()`` kills the worker (SIGKILL) at any moment, also before it has started; the caller
  /// then gets `CancellationError`. A worker that dies or answers nothing readable gives
  /// `URLError(.badServerResponse)`.
  final class ChildTransfer: Sendable {
    private enum Phase {
      case starting
      case running(pid: Int32)
      case stopped
      case finished
    }

    private let phase = Mutex(Phase.starting)

    /// Runs `request` in a worker started as `executable arguments… <request>`, reading at most
    /// `outputLimit` bytes of its answer.
    static func run(
      _ request: WireRequest, executable: URL, arguments: [String], outputLimit: Int
    ) async throws -> (Data, URLResponse) {
      let transfer = ChildTransfer()
      let argument = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { caller in
          Thread.detachNewThread {
            caller.resume(
              with: Result {
                try transfer.runToEnd(executable, arguments + [argument], outputLimit)
              })
          }
        }
      } onCancel: {
        transfer.stop()
      }
    }

    /// Kills the worker, or keeps it from starting.
    func stop() {
      let pid = phase.withLock { phase -> Int32? in
        switch phase {
        case .starting:
          phase = .stopped
          return nil
        case .running(let pid):
          phase = .stopped
          return pid
        case .stopped, .finished:
          return nil
        }
      }
      if let pid { kill(pid, SIGKILL) }
    }

    /// Starts the worker, reads its answer and waits for it to end (blocking this thread).
    private func runToEnd(
      _ executable: URL, _ arguments: [String], _ outputLimit: Int
    ) throws -> (Data, URLResponse) {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      // Its end, awaited on this thread (`waitUntilExit` spins a run loop on a thread without one).
      let exited = DispatchSemaphore(value: 0)
      process.terminationHandler = { _ in exited.signal() }
      do {
        try process.run()
      } catch {
        throw URLError(.cannotLoadFromNetwork)
      }
      let pid = process.processIdentifier
      let stoppedEarly = phase.withLock { phase in
        guard case .starting = phase else { return true }
        phase = .running(pid: pid)
        return false
      }
      if stoppedEarly { kill(pid, SIGKILL) }
      let (answer, isWithinLimit) = Self.read(output.fileHandleForReading, limit: outputLimit)
      if !isWithinLimit { kill(pid, SIGKILL) }  // alive: it still had output to write
      // The end of its output is the worker's end (it closes standard output only by exiting),
      // so from here on no `stop()` signals its process number, which the system may soon give
      // to another process.
      let wasStopped = phase.withLock { phase in
        defer { phase = .finished }
        if case .stopped = phase { return true }
        return false
      }
      exited.wait()
      if wasStopped { throw CancellationError() }
      guard isWithinLimit, process.terminationReason == .exit, process.terminationStatus == 0,
        let result = WireAnswerHead.answer(in: answer)
      else { throw URLError(.badServerResponse) }
      return try result.get()
    }

    /// Everything `handle` gives until its end, and whether it stayed within `limit` bytes (it
    /// stops reading past it).
    private static func read(_ handle: FileHandle, limit: Int) -> (Data, Bool) {
      var data = Data()
      while let piece = try? handle.read(upToCount: 64 * 1024), !piece.isEmpty {
        data += piece
        if data.count > limit { return (data, false) }
      }
      return (data, true)
    }
  }
#endif
