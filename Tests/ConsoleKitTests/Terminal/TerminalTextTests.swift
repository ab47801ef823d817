import Testing

@testable import ConsoleKit

/// `TerminalText`, the one way text reaches a display: every control class is replaced by a
/// visible one-column stand-in, printable text in any script is kept, and cutting and padding
/// go by display width.
@Suite struct TerminalTextTests {
  /// One sample of each class a terminal treats as an instruction, with its stand-in.
  static let unsafe: [(scalar: Unicode.Scalar, standIn: Character)] = [
    ("\u{00}", "\u{2400}"),  // NUL
    ("\u{07}", "\u{2407}"),  // BEL, ends an OSC title
    ("\u{08}", "\u{2408}"),  // backspace
    ("\u{09}", "\u{2409}"),  // tab
    ("\u{0A}", "\u{240A}"),  // line feed
    ("\u{0D}", "\u{240D}"),  // carriage return
    ("\u{1B}", "\u{241B}"),  // ESC
    ("\u{1F}", "\u{241F}"),  // last C0
    ("\u{7F}", "\u{2421}"),  // DEL
    ("\u{80}", "\u{FFFD}"),  // first C1
    ("\u{9B}", "\u{FFFD}"),  // C1 CSI
    ("\u{9D}", "\u{FFFD}"),  // C1 OSC
    ("\u{9F}", "\u{FFFD}"),  // last C1
    ("\u{061C}", "\u{FFFD}"),  // Arabic letter mark
    ("\u{200E}", "\u{FFFD}"),  // left-to-right mark
    ("\u{200F}", "\u{FFFD}"),  // right-to-left mark
    ("\u{202A}", "\u{FFFD}"),  // left-to-right embedding
    ("\u{202E}", "\u{FFFD}"),  // right-to-left override
    ("\u{2066}", "\u{FFFD}"),  // left-to-right isolate
    ("\u{2069}", "\u{FFFD}"),  // pop directional isolate
  ]

  @Test(arguments: unsafe)
  func everyUnsafeScalarBecomesAVisibleOneColumnStandIn(
    _ scalar: Unicode.Scalar, _ standIn: Character
  ) {
    let text = TerminalText(sanitizing: "a\(Character(scalar))b")
    #expect(text.string == "a\(standIn)b")
    #expect(text.displayWidth == 3)
  }

  @Test(arguments: [
    "Björn Lindqvist", "김민준", "王秀英", "佐藤 陽菜", "Zoë Park 👩‍💻", "🇰🇷 🇯🇵", "e\u{301}",
    "\u{1112}\u{1161}\u{11AB}", "Ｆｕｌｌ１２", "ZWJ\u{200D}ZWNJ\u{200C}", "x\u{FE0F}",
  ])
  func printableTextIsKeptExactly(_ text: String) {
    #expect(TerminalText(sanitizing: text).string == text)
  }

  @Test func aTerminalAttackBecomesPlainVisibleText() {
    let attack = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[6n\u{9B}31m\u{202E}gnp.exe"
    #expect(
      TerminalText(sanitizing: attack).string
        == "\u{241B}]0;owned\u{2407}\u{241B}[2J\u{241B}[6n\u{FFFD}31m\u{FFFD}gnp.exe")
  }

  @Test func literalsAndInterpolationsAreSanitizedToo() {
    let name = TerminalText(sanitizing: "Ada\u{1B}")
    let line: TerminalText = "User #\(42): \(name)\u{7}"
    #expect(line.string == "User #42: Ada\u{241B}\u{2407}")
  }

  @Test(arguments: [
    ("Leanne Graham", 13, "Leanne Graham"),
    ("Leanne Graham", 12, "Leanne Grah…"),
    ("김민준abc", 9, "김민준abc"),
    ("김민준abc", 6, "김민…"),  // 준 would end at column 6: no room left for the ellipsis
    ("김민준abc", 5, "김민…"),
    ("佐藤 陽菜", 4, "佐…"),
    ("👩‍💻👩‍💻", 3, "👩‍💻…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ("abc", 0, ""),
  ])
  func cutsByDisplayWidthWithAnEllipsis(_ text: String, _ width: Int, _ expected: String) {
    let cut = TerminalText(sanitizing: text).truncated(toWidth: width)
    #expect(cut.string == expected)
    #expect(cut.displayWidth <= width)
  }

  @Test func padsByDisplayWidth() {
    #expect(TerminalText(sanitizing: "김민준").padded(toWidth: 8).string == "김민준  ")
    #expect(TerminalText(sanitizing: "7").paddedLeft(toWidth: 3).string == "  7")
    #expect(TerminalText(sanitizing: "王秀英王").padded(toWidth: 4).string == "王秀英王")
  }

  @Test func quotingCutsOutsideTextToTheQuoteWidth() {
    let quoted = TerminalText.quoting(String(repeating: "한", count: 1_000))
    #expect(quoted.displayWidth == TerminalText.maximumQuoteWidth - 1)
    #expect(quoted.string.hasSuffix("한…"))
  }
}
