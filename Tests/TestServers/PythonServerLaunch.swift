import Foundation
import Synchronization

/// A python3 test server just started: its process, the pipe to its stdin (closing it makes the
/// scripts exit), the lines it prints after its port, and the port. Shared by ``LocalServer``
/// and ``RawHTTPServer``.
struct PythonServerLaunch {
  let process: Process
  let input: Pipe
  let lines: AsyncStream<String>
  let port: Int

  enum LaunchError: Error {
    /// The script exited, or printed something other than its port, before listening.
    case noPort
  }

  /// Runs `python3 -u -c script arguments…` and returns once it printed its port (the scripts
  /// print it only after `listen`). On failure the process is stopped before throwing.
  static func start(script: String, arguments: [String]) async throws -> PythonServerLaunch {
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
    return PythonServerLaunch(process: process, input: input, lines: lines, port: port)
  }

  /// The lines `handle` delivers, without their newlines, until end of file.
  private static func lines(of handle: FileHandle) -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    let buffer = Mutex(Data())
    handle.readabilityHandler = { handle in
      let chunk = handle.availableData
      if chunk.isEmpty {
        handle.readabilityHandler = nil
        continuation.finish()
        return
      }
      let complete = buffer.withLock { buffer -> [String] in
        buffer.append(chunk)
        var found: [String] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          found.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
          buffer.removeSubrange(buffer.startIndex...newline)
        }
        return found
      }
      for line in complete {
        continuation.yield(line)
      }
    }
    return lines
  }
}
