/// How many columns a terminal gives text, per grapheme cluster (`Character`), so columns of
/// names in any script line up and a cut line never wraps.
///
/// A cluster takes what a terminal that follows Unicode's East Asian Width gives its scalars,
/// added up, as xterm, VTE and tmux draw it (checked against tmux, `DisplayWidthTmuxTests`):
/// - each scalar takes **2** if it is East Asian Wide or Fullwidth (``EastAsianWide``: Hangul
///   syllables and leading jamo, CJK, kana, fullwidth forms; and the emoji whose default
///   presentation is emoji, such as 😀 and the skin-tone modifiers, but for the regional
///   indicators), **0** if it is zero-width, else **1**;
/// - a scalar that follows a zero-width joiner takes no columns of its own: it is drawn in the
///   cell of the emoji before it (👩‍💻 takes 2);
/// - presentation selectors change nothing (❤️ and the keycap 1️⃣ take 1, like ❤ and 1), a
///   skin-tone modifier takes its own 2 columns (a🏻 takes 3, 👍🏽 4), a spacing mark its own
///   column (Devanagari का takes 2), and a lone regional indicator 1 (a flag's pair 2).
///
/// Zero-width: nonspacing and enclosing marks (combining accents, variation selectors), format
/// characters (ZWJ, ZWNJ, zero-width space, BOM, tags) but the soft hyphen, the line and
/// paragraph separators, noncharacters and unassigned code points (a terminal draws nothing for
/// them), Hangul medial vowels and final consonants (which only join a leading consonant), and
/// controls (which ``TerminalText`` never holds).
public enum DisplayWidth {
  /// The columns `text` takes: the sum over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns one grapheme cluster takes.
  public static func of(_ character: Character) -> Int {
    var width = 0
    var followsJoiner = false
    for scalar in character.unicodeScalars {
      if followsJoiner {
        followsJoiner = false
        continue
      }
      if scalar == "\u{200D}" {
        followsJoiner = true
        continue
      }
      width += of(scalar)
    }
    return width
  }

  /// The columns one scalar takes on its own.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    if isZeroWidth(scalar) {
      return 0
    }
    return EastAsianWide.contains(scalar) || isWideEmoji(scalar) ? 2 : 1
  }

  /// Whether `scalar` is an emoji whose default presentation is emoji: East Asian Wide since
  /// Unicode 9, but for the regional indicators (Neutral: 1 column alone, 2 as a flag's pair).
  private static func isWideEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmojiPresentation && !(0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// The longest prefix of `text` (whole grapheme clusters) that takes at most `width`
  /// columns, and the columns it takes. Reads no further than the first cluster that does not
  /// fit, so measuring the start of a very long text is cheap.
  public static func prefix(of text: Substring, fittingIn width: Int) -> (
    prefix: Substring, width: Int
  ) {
    var used = 0
    var index = text.startIndex
    while index < text.endIndex {
      let next = used + of(text[index])
      if next > width { break }
      used = next
      index = text.index(after: index)
    }
    return (text[..<index], used)
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD:
      return false  // the soft hyphen is a format character that terminals show
    case 0x1160...0x11FF, 0xD7B0...0xD7FF:
      return true  // Hangul medial vowels and final consonants
    default:
      break
    }
    if scalar.properties.isNoncharacterCodePoint {
      return true
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator,
      .unassigned:
      return true
    default:
      return false
    }
  }
}
