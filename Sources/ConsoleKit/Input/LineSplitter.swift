/// Splits bytes read from outside into lines of bounded length, as standard input arrives in
/// chunks: memory stays bounded whatever the input, even a single line of gigabytes.
///
/// A line ends at `\n` (a `\r` before it is dropped too, as `readLine` does) or at the end of
/// input. A line longer than `maximumLineBytes` keeps its first `maximumLineBytes` bytes; the
/// rest of it, up to its newline, is read and dropped. Bytes are decoded as UTF-8, repairing
/// invalid sequences (also one cut by the limit) with U+FFFD.
public struct LineSplitter: Sendable {
  /// The most bytes kept of one line: 64 KiB, far more than any command.
  public static let defaultMaximumLineBytes = 64 * 1024

  /// The longest line kept whole, in bytes; the rest of a longer line is dropped.
  public let maximumLineBytes: Int
  private var current: [UInt8] = []
  private var hasPendingLine = false

  /// A splitter that keeps lines of up to `maximumLineBytes` bytes.
  public init(maximumLineBytes: Int = defaultMaximumLineBytes) {
    precondition(maximumLineBytes > 0, "LineSplitter: maximumLineBytes must be positive")
    self.maximumLineBytes = maximumLineBytes
  }

  /// The lines that `chunk` completes, in order.
  public mutating func append(_ chunk: some Sequence<UInt8>) -> [String] {
    var lines: [String] = []
    for byte in chunk {
      if byte == UInt8(ascii: "\n") {
        lines.append(takeLine())
      } else {
        hasPendingLine = true
        if current.count < maximumLineBytes {
          current.append(byte)
        }
      }
    }
    return lines
  }

  /// The last line, if the input ended without a newline after it.
  public mutating func finish() -> String? {
    hasPendingLine ? takeLine() : nil
  }

  private mutating func takeLine() -> String {
    if current.last == UInt8(ascii: "\r") {
      current.removeLast()
    }
    let line = String(decoding: current, as: UTF8.self)
    current.removeAll(keepingCapacity: true)
    hasPendingLine = false
    return line
  }
}
