import Foundation

/// Standard input as an `AsyncStream` of lines, read on a background thread so the main actor
/// is never blocked. The stream finishes at end of input.
enum StandardInput {
  /// Starts reading. Call once: every call starts its own reader of the same stream.
  static func lines() -> AsyncStream<String> {
    AsyncStream(bufferingPolicy: .unbounded) { continuation in
      let reader = Thread {
        while let line = readLine(strippingNewline: true) {
          continuation.yield(line)
        }
        continuation.finish()
      }
      reader.name = "stdin reader"
      reader.start()
    }
  }
}
