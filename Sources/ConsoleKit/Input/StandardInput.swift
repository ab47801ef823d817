import Dispatch
import Foundation

/// Standard input as an async sequence, read on a background thread so the main actor is never
/// blocked: as lines (piped input) or as the chunks each read returns (a terminal, where the
/// session decides what is a line and what is a key). It ends at end of input (or on a read
/// error).
///
/// Memory is bounded whatever arrives: reads are at most 16 KiB, lines are split by
/// ``LineSplitter`` (at most 64 KiB each), and at most ``maximumWaiting`` lines, or
/// ``maximumWaitingChunks`` chunks (64 KiB), wait for the app. When the app is behind (a long
/// file piped in, a paste, a flood), the reader stops reading and the rest waits in the kernel,
/// so a key typed after it waits behind at most those bytes.
public enum StandardInput {
  /// The most lines read ahead of the app.
  public static let maximumWaiting = 64
  /// The most chunks (reads of at most 16 KiB) read ahead of the app.
  public static let maximumWaitingChunks = 4

  /// Starts reading lines. Call once: every call starts its own reader of the same stream.
  public static func lines() -> some AsyncSequence<String, Never> {
    read(framedBy: LineSplitter(), waiting: maximumWaiting)
  }

  /// Starts reading chunks, each the bytes of one read. Call once, as ``lines()``.
  public static func chunks() -> some AsyncSequence<[UInt8], Never> {
    read(framedBy: ReadChunks(), waiting: maximumWaitingChunks)
  }

  /// Reads standard input on a new thread, handing the app the elements `framing` makes of the
  /// reads. The framing lives on the reader thread only.
  private static func read<Framing: InputFraming>(
    framedBy framing: Framing, waiting: Int
  ) -> some AsyncSequence<Framing.Element, Never> {
    // One slot per element waiting: the reader takes one before handing an element over, the
    // app gives it back when it takes the element.
    let slots = DispatchSemaphore(value: waiting)
    let stream = AsyncStream<Framing.Element>(bufferingPolicy: .unbounded) { continuation in
      let reader = Thread {
        var framing = framing
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
          let count = buffer.withUnsafeMutableBytes { TerminalPlatform.readStandardInput(into: $0) }
          guard count > 0 else { break }
          for element in framing.append(buffer[..<count]) {
            slots.wait()
            continuation.yield(element)
          }
        }
        if let last = framing.finish() {
          continuation.yield(last)
        }
        continuation.finish()
      }
      reader.name = "stdin reader"
      reader.start()
    }
    return stream.map { element in
      slots.signal()
      return element
    }
  }
}

/// How the bytes read from standard input are cut into what the app receives.
public protocol InputFraming: Sendable {
  associatedtype Element: Sendable
  /// The elements the bytes of one read complete.
  mutating func append(_ chunk: some Sequence<UInt8>) -> [Element]
  /// What is left at the end of input, if anything.
  mutating func finish() -> Element?
}

extension LineSplitter: InputFraming {}

/// Each read as one element, as it came.
public struct ReadChunks: InputFraming {
  /// As ``InputFraming`` requires.
  public func append(_ chunk: some Sequence<UInt8>) -> [[UInt8]] {
    [Array(chunk)]
  }

  /// As ``InputFraming`` requires.
  public func finish() -> [UInt8]? {
    nil
  }
}
