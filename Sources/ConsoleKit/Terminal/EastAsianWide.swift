/// The Unicode scalars that East Asian Width (UAX #11) classes Wide or Fullwidth and that are not
/// emoji (those are decided by their emoji properties, see ``DisplayWidth``): a terminal gives
/// each two columns.
///
/// A compact table of whole blocks, checked against Unicode 14's `EastAsianWidth.txt`: every
/// assigned W or F scalar outside the emoji blocks is in a range, and every range holds only W
/// or F scalars and unassigned ones (which `EastAsianWidth.txt` also classes W in these blocks).
public enum EastAsianWide {
  /// Sorted, non-overlapping ranges.
  public static let ranges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo: leading consonants (choseong)
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, enclosed CJK
    0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
    0x4E00...0xA4CF,  // CJK unified ideographs, Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth ASCII variants and brackets
    0xFFE0...0xFFE6,  // fullwidth currency and signs
    0x1_6FE0...0x1_B2FF,  // Tangut, Khitan, Kana supplement and extensions, Nushu
    0x1_F200...0x1_F2FF,  // enclosed ideographic supplement
    0x2_0000...0x3_FFFD,  // CJK extensions B and later (planes 2 and 3)
  ]

  /// Whether a terminal gives `scalar` two columns by its East Asian Width.
  public static func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Binary search for the last range starting at or before `value`.
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].lowerBound <= value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low > 0 && ranges[low - 1].contains(value)
  }
}
