/// How many columns a terminal gives text, per grapheme cluster (`Character`), so columns of
/// names in any script line up and a cut line never wraps.
///
/// A cluster takes:
/// - **2** if it is shown as an emoji: its first scalar has Emoji_Presentation (😀, the
///   regional indicators that make flags, the first person of a ZWJ family), or an emoji is
///   followed by U+FE0F (❤️, keycaps like 1️⃣) or by a skin-tone modifier (☝🏽);
/// - else the width of its first scalar that is not zero-width: **2** for East Asian Wide and
///   Fullwidth (``EastAsianWide``: Hangul syllables and leading jamo, CJK, kana, fullwidth
///   forms), **0** for zero-width scalars, **1** for the rest;
/// - **0** if every scalar is zero-width.
///
/// Zero-width: nonspacing and enclosing marks (combining accents, variation selectors), format
/// characters (ZWJ, ZWNJ, zero-width space, BOM, tags) but the soft hyphen, Hangul medial
/// vowels and final consonants (which only join a leading consonant), and controls (which
/// ``TerminalText`` never holds).
enum DisplayWidth {
  /// The columns `text` takes: the sum over its grapheme clusters.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns one grapheme cluster takes.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if isShownAsEmoji(first: first, scalars: scalars) {
      return 2
    }
    for scalar in scalars {
      let width = of(scalar)
      if width > 0 {
        return width
      }
    }
    return 0
  }

  /// The columns one scalar takes on its own (ignoring emoji presentation).
  static func of(_ scalar: Unicode.Scalar) -> Int {
    if isZeroWidth(scalar) {
      return 0
    }
    return EastAsianWide.contains(scalar) ? 2 : 1
  }

  /// The longest prefix of `text` (whole grapheme clusters) that takes at most `width`
  /// columns, and the columns it takes. Reads no further than the first cluster that does not
  /// fit, so measuring the start of a very long text is cheap.
  static func prefix(of text: Substring, fittingIn width: Int) -> (prefix: Substring, width: Int) {
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

  private static func isShownAsEmoji(
    first: Unicode.Scalar, scalars: Character.UnicodeScalarView
  ) -> Bool {
    if first.properties.isEmojiPresentation {
      return true
    }
    guard first.properties.isEmoji else { return false }
    return scalars.dropFirst().contains { scalar in
      scalar == "\u{FE0F}" || scalar.properties.isEmojiModifier
    }
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
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
      return true
    default:
      return false
    }
  }
}
