import Testing

@testable import ConsoleKit

/// The width a terminal gives each grapheme cluster, for the clusters that character counts get
/// wrong: combining marks, Hangul jamo, wide and fullwidth forms, and every kind of emoji. The
/// widths are what tmux draws (`DisplayWidthTmuxTests` measures these and more in tmux).
@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1),
    ("\u{E9}", 1),  // é precomposed
    ("e\u{301}", 1),  // e + combining acute accent
    ("a\u{302}\u{323}", 1),  // two combining marks
    ("\u{D55C}", 2),  // 한 Hangul syllable
    ("\u{1112}\u{1161}\u{11AB}", 2),  // ᄒ + ᅡ + ᆫ: conjoining jamo making 한
    ("\u{1100}", 2),  // Hangul leading consonant alone
    ("\u{1161}", 0),  // Hangul medial vowel alone: it only joins a leading consonant
    ("\u{3131}", 2),  // ㄱ Hangul compatibility jamo
    ("\u{4E2D}", 2),  // 中
    ("\u{3042}", 2),  // あ Hiragana
    ("\u{30A2}", 2),  // ア Katakana
    ("\u{FF71}", 1),  // ｱ halfwidth Katakana
    ("\u{FF11}", 2),  // １ fullwidth digit
    ("\u{FF21}", 2),  // Ａ fullwidth Latin letter
    ("\u{3000}", 2),  // ideographic space
    ("\u{2329}", 2),  // 〈 angle bracket, wide outside the emoji blocks
    ("\u{20000}", 2),  // 𠀀 CJK extension B
    ("\u{1F600}", 2),  // 😀 emoji presentation
    ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2),  // 👨‍👩‍👧 ZWJ family
    ("\u{1F469}\u{200D}\u{1F4BB}", 2),  // 👩‍💻 ZWJ profession
    ("\u{1F1F0}\u{1F1F7}", 2),  // 🇰🇷 flag: two regional indicators
    ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),  // England tag flag
    ("\u{2764}\u{FE0F}", 1),  // ❤️ text emoji + VS16: the selector changes no width in tmux
    ("\u{2764}", 1),  // ❤ text emoji alone
    ("\u{261D}\u{1F3FD}", 3),  // ☝🏽 text emoji + skin tone: the modifier takes its own 2
    ("1\u{FE0F}\u{20E3}", 1),  // 1️⃣ keycap: the digit's column
    ("#", 1),
    ("\u{200D}", 0),  // ZWJ alone
    ("\u{200B}", 0),  // zero-width space
    ("\u{FE0F}", 0),  // variation selector alone
    ("\u{AD}", 1),  // soft hyphen: shown by terminals
    ("\u{2026}", 1),  // … the ellipsis the app cuts with
    ("\u{241B}", 1),  // ␛ a stand-in
    ("\u{FFFD}", 1),  // � a stand-in
  ])
  func widthOfOneCluster(_ cluster: String, _ width: Int) throws {
    let character = try #require(cluster.count == 1 ? cluster.first : nil, "one cluster")
    #expect(DisplayWidth.of(character) == width)
  }

  @Test func widthOfTextIsTheSumOverItsClusters() {
    #expect(DisplayWidth.of("김민준 (Kim)") == 12)
    #expect(DisplayWidth.of("Zoë Park 👩‍💻") == 11)
    #expect(DisplayWidth.of("佐藤 陽菜") == 9)
  }

  @Test func styledLinesAreCutByDisplayWidth() {
    let line = StyledLine("  ") + StyledLine("김민준", style: .bold) + StyledLine(" @minjun")
    #expect(line.displayWidth == 16)
    #expect(line.truncated(toWidth: 16) == line)
    #expect(
      line.truncated(toWidth: 7)
        == StyledLine("  ") + StyledLine("김민", style: .bold) + StyledLine("…", style: .dim))
    #expect(
      line.truncated(toWidth: 6)
        == StyledLine("  ") + StyledLine("김", style: .bold) + StyledLine("…", style: .dim))
  }
}
