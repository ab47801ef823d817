import Foundation
import Synchronization

/// A running python3 test server: the port it printed, the lines it prints after that, and its
/// process with the pipe to its stdin (closing it makes the scripts exit). Shared by
/// ``LocalServer`` and ``RawHTTPServer``; stopped by ``stop()`` or when released.
final class PythonServerLaunch: Sendable {
  let port: Int
  let lines: AsyncStream<String>
  /// Whether ``stop()`` also sends SIGTERM to a process still running once its stdin is closed.
  private let terminatesOnStop: Bool
  private let running: Mutex<(process: Process, input: Pipe)?>

  private init(
    port: Int, lines: AsyncStream<String>, process: Process, input: Pipe, terminatesOnStop: Bool
  ) {
    self.port = port
    self.lines = lines
    self.terminatesOnStop = terminatesOnStop
    self.running = Mutex((process, input))
  }

  deinit {
    stop()
  }

  /// Closes the server's stdin (the scripts exit) and terminates it if it was started with
  /// `terminatesOnStop` and still runs. Returns at once: the wait for the process to exit runs on
  /// a thread of its own, never on a concurrency-pool thread (a test's `defer` calls this from
  /// one, and on a busy machine python3 can take a while to exit). Idempotent.
  func stop() {
    end(then: {})
  }

  /// As ``stop()``, then suspends until the process has exited (so its port is closed).
  func stopAndWait() async {
    await withCheckedContinuation { (exited: CheckedContinuation<Void, Never>) in
      end(then: { exited.resume() })
    }
  }

  /// Ends the process as ``stop()`` says; calls `exited` once it has exited (at once if it was
  /// already stopped). The wait blocks a thread of its own, not a pool thread.
  private func end(then exited: @escaping @Sendable () -> Void) {
    guard let (process, input) = running.withLock({ $0.take() }) else {
      exited()
      return
    }
    try? input.fileHandleForWriting.close()
    if terminatesOnStop && process.isRunning {
      process.terminate()
    }
    Thread.detachNewThread {
      process.waitUntilExit()
      exited()
    }
  }

  enum LaunchError: Error {
    /// The script exited, or printed something other than its port, before listening.
    case noPort
  }

  /// Runs `python3 -u -c script arguments…` and returns once it printed its port (the scripts
  /// print it only after `listen`). On failure the process is stopped before throwing.
  static func start(script: String, arguments: [String], terminatesOnStop: Bool) async throws
    -> PythonServerLaunch
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-c", script] + arguments
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    let lines = Self.lines(of: output.fileHandleForReading)
    try process.run()
    var iterator = lines.makeAsyncIterator()
    guard let first = await iterator.next(), let port = Int(first) else {
      try? input.fileHandleForWriting.close()
      process.terminate()
      process.waitUntilExit()
      throw LaunchError.noPort
    }
    return PythonServerLaunch(
      port: port, lines: lines, process: process, input: input, terminatesOnStop: terminatesOnStop)
  }

  /// The lines `handle` delivers, without their newlines, until end of file.
  ///
  /// Read by a thread of its own that blocks in `read(2)`, not through `readabilityHandler`:
  /// that registers a dispatch source on the descriptor, and swift-corelibs-libdispatch on Linux
  /// can crash in its event loop (`_dispatch_event_loop_drain`, a bad pointer) when descriptors
  /// watched by such sources are closed and reused while other tests start and stop processes
  /// in parallel (seen here once in 16 runs of the whole suite, as two tests stopped their
  /// servers; the same crash is reported as swiftlang/swift-subprocess#47). The thread ends at
  /// end of file, when the server exits.
  private static func lines(of handle: FileHandle) -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    let reader = Thread {
      var buffer = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
          buffer.removeSubrange(buffer.startIndex...newline)
        }
      }
      continuation.finish()
    }
    reader.start()
    return lines
  }
}
