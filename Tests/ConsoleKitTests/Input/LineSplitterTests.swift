import Testing

@testable import ConsoleKit

/// Standard input split into lines of bounded length, whatever the chunks it arrives in.
@Suite struct LineSplitterTests {
  /// Splits `chunks` with a 8-byte limit and returns every line, the last one included.
  private func lines(of chunks: [String], limit: Int = 8) -> [String] {
    var splitter = LineSplitter(maximumLineBytes: limit)
    var lines = chunks.flatMap { splitter.append(Array($0.utf8)) }
    if let last = splitter.finish() {
      lines.append(last)
    }
    return lines
  }

  @Test(arguments: [
    (["a\nb\n"], ["a", "b"]),
    (["a", "b\nc", "\n"], ["ab", "c"]),  // a line across chunks
    (["a\r\nb\r\n"], ["a", "b"]),  // CRLF, as readLine strips it
    (["a\rb\n"], ["a\rb"]),  // a lone CR is text (shown as a stand-in)
    (["\n\n"], ["", ""]),
    (["last"], ["last"]),  // no final newline: still a line
    ([""], []),
    (["0123456789abc\nok\n"], ["01234567", "ok"]),  // cut to the limit, the rest dropped
    (["0123", "4567", "89", "\nok"], ["01234567", "ok"]),
  ])
  func splitsIntoLines(_ chunks: [String], _ expected: [String]) {
    #expect(lines(of: chunks) == expected)
  }

  @Test func aCutInsideACharacterIsRepaired() {
    #expect(lines(of: ["abcdefg한\n"]) == ["abcdefg\u{FFFD}"])
  }

  /// Ten megabytes without a newline keep only the default limit in memory.
  @Test func aHugeLineKeepsOnlyTheLimit() {
    var splitter = LineSplitter()
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1024 * 1024)
    for _ in 0..<10 {
      #expect(splitter.append(chunk).isEmpty)
    }
    let line = splitter.append(Array("\n".utf8))
    #expect(line.map(\.utf8.count) == [LineSplitter.defaultMaximumLineBytes])
  }
}
