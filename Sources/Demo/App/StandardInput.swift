import Dispatch
import Foundation

/// Standard input as an async sequence of lines, read on a background thread so the main actor
/// is never blocked. It ends at end of input (or on a read error).
///
/// Memory is bounded whatever arrives: lines are split by ``LineSplitter`` (at most 64 KiB
/// each), and at most ``maximumWaitingLines`` wait for the app. When the app is behind (a long
/// file piped in), the reader stops reading and the rest waits in the kernel's pipe.
enum StandardInput {
  /// The most lines read ahead of the app.
  static let maximumWaitingLines = 64

  /// Starts reading. Call once: every call starts its own reader of the same stream.
  static func lines() -> some AsyncSequence<String, Never> {
    // One slot per line waiting: the reader takes one before handing a line over, the app gives
    // it back when it takes the line.
    let slots = DispatchSemaphore(value: maximumWaitingLines)
    let stream = AsyncStream<String>(bufferingPolicy: .unbounded) { continuation in
      let reader = Thread {
        var splitter = LineSplitter()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
          let count = buffer.withUnsafeMutableBytes { TerminalPlatform.readStandardInput(into: $0) }
          guard count > 0 else { break }
          for line in splitter.append(buffer[..<count]) {
            slots.wait()
            continuation.yield(line)
          }
        }
        if let last = splitter.finish() {
          continuation.yield(last)
        }
        continuation.finish()
      }
      reader.name = "stdin reader"
      reader.start()
    }
    return stream.map { line in
      slots.signal()
      return line
    }
  }
}
