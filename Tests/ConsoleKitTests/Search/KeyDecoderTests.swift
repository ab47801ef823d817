import Testing

@testable import ConsoleKit

/// Raw terminal bytes to keys: printable UTF-8 (also split across reads), the editing keys, a
/// lone Esc, and everything a terminal would act on or that is not a key, dropped.
@Suite struct KeyDecoderTests {
  /// Feeds `reads` one after the other, ending each as a read ends.
  private func keys(_ reads: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return reads.flatMap { read in read.flatMap { decoder.feed($0) } + decoder.endOfRead() }
  }

  private func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
  }

  @Test(arguments: [
    ("plain text", "ab", [Key.text("a"), .text("b")]),
    ("CR is Enter", "\r", [.enter]),
    ("LF is Enter", "\n", [.enter]),
    ("DEL is Backspace", "\u{7F}", [.backspace]),
    ("Ctrl-H is Backspace", "\u{08}", [.backspace]),
    ("Ctrl-U clears", "\u{15}", [.clear]),
    ("Ctrl-C interrupts", "\u{03}", [.interrupt]),
    ("a lone ESC ending a read is Esc", "\u{1B}", [.escape]),
    ("ESC then a key in one read is Alt+key, dropped", "\u{1B}xy", [.text("y")]),
    ("Alt+é is dropped whole", "\u{1B}éy", [.text("y")]),
    ("Alt+Backspace is dropped", "\u{1B}\u{7F}", []),
    ("ESC then Ctrl-C is Ctrl-C", "\u{1B}\u{03}", [.interrupt]),
    ("ESC then Enter is Esc, then Enter", "\u{1B}\r", [.escape, .enter]),
    ("ESC ESC is Esc twice", "\u{1B}\u{1B}", [.escape, .escape]),
    ("an arrow key is dropped", "a\u{1B}[Ab", [.text("a"), .text("b")]),
    ("a key with modifiers is dropped", "\u{1B}[1;5C", []),
    ("a function key is dropped", "\u{1B}OP", []),
    ("accents, Hangul and emoji are text", "é한😀", [.text("é"), .text("한"), .text("😀")]),
    ("other controls are dropped", "\t\u{04}\u{00}", []),
    (
      "a C1 control is dropped, the text after it kept", "\u{9B}31m",
      [.text("3"), .text("1"), .text("m")]
    ),
    ("bidirectional controls are dropped", "x\u{202E}y", [.text("x"), .text("y")]),
  ])
  func decodesOneRead(_ name: String, _ read: String, _ expected: [Key]) {
    #expect(keys([bytes(read)]) == expected, "\(name)")
  }

  @Test func aCharacterSplitAcrossReadsIsOneKey() {
    let snowman = bytes("☃")
    #expect(keys([Array(snowman.prefix(1)), Array(snowman.dropFirst())]) == [.text("☃")])
  }

  @Test func bytesThatAreNotUTF8AreDropped() {
    #expect(
      keys([[0xFF, 0x61, 0xC3, 0x28, 0xE2, 0x82, 0x62]]) == [.text("a"), .text("("), .text("b")])
  }

  /// An Alt+character split across reads is still dropped whole (issue 40).
  @Test func anAltCharacterSplitAcrossReadsIsDroppedWhole() {
    let snowman = bytes("☃")
    #expect(
      keys([[0x1B] + Array(snowman.prefix(1)), Array(snowman.dropFirst()) + bytes("a")]) == [
        .text("a")
      ])
  }

  @Test func resetForgetsAPendingCharacterAndSequence() {
    var decoder = KeyDecoder()
    _ = decoder.feed(0xE2)
    _ = decoder.feed(0x1B)
    decoder.reset()
    #expect(decoder.feed(UInt8(ascii: "a")) == [.text("a")])
    #expect(decoder.endOfRead() == [])
  }

  /// A sequence a read leaves unfinished is Esc followed by its bytes as text, as promised, and
  /// swallows nothing after it (issue 33: Alt+[ then Enter then Ctrl-C were both lost, and
  /// `ESC O` dropped the next byte).
  @Test(arguments: [
    (
      "Alt+[, then Enter, then Ctrl-C", ["\u{1B}[", "\r", "\u{03}"],
      [Key.escape, .text("["), .enter, .interrupt]
    ),
    ("ESC O, then a key", ["\u{1B}O", "x"], [.escape, .text("O"), .text("x")]),
    (
      "a cut arrow key", ["\u{1B}[1;", "5C"],
      [.escape, .text("["), .text("1"), .text(";"), .text("5"), .text("C")]
    ),
  ])
  func aSequenceUnfinishedAtTheEndOfAReadIsEscThenText(
    _ name: String, _ reads: [String], _ expected: [Key]
  ) {
    #expect(keys(reads.map(bytes)) == expected, "\(name)")
  }

  /// A control key inside a sequence ends it (as a terminal executes it there): Esc, the text so
  /// far, then the key; a sequence longer than any key a terminal sends is text too.
  @Test func aControlKeyOrALengthEndsASequence() {
    #expect(keys([bytes("\u{1B}[\r\u{03}")]) == [.escape, .text("["), .enter, .interrupt])
    #expect(keys([bytes("\u{1B}O\u{15}")]) == [.escape, .text("O"), .clear])
    let long = keys([bytes("\u{1B}[" + String(repeating: "1", count: 40))])
    #expect(long.first == .escape)
    #expect(long.count == 42)
  }
}
