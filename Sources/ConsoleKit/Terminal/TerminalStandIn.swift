/// Which Unicode scalars a terminal treats as instructions rather than text, and the visible,
/// harmless character shown in their place. Used by ``TerminalText/init(sanitizing:)``.
///
/// | Scalars | What a terminal does with them | Shown as |
/// | --- | --- | --- |
/// | C0 controls U+0000-U+001F (ESC, BEL, CR, LF, TAB, ...) | escape sequences, bells, cursor moves, new lines | the matching Control Pictures symbol U+2400-U+241F (`␛`, `␇`, `␍`, `␊`, `␉`, ...) |
/// | DEL U+007F | erases on some terminals | `␡` U+2421 |
/// | C1 controls U+0080-U+009F | U+009B is CSI and U+009D is OSC on terminals that honour C1 | `�` U+FFFD |
/// | bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) | reorder the rest of the line | `�` U+FFFD |
///
/// Every stand-in is one column wide and prints as itself, so a replaced text keeps its length
/// in columns and a reader can see that something was there.
public enum TerminalStandIn {
  /// The stand-in for `scalar`, or `nil` when the scalar is safe to write as is.
  public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x00...0x1F:
      // Control Pictures: U+2400 is the picture of NUL, and so on in order up to U+241F.
      return Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F:
      return "\u{2421}"
    case 0x80...0x9F:
      return "\u{FFFD}"
    default:
      return scalar.properties.isBidiControl ? "\u{FFFD}" : nil
    }
  }

  /// `text` with every unsafe scalar replaced by its stand-in. Returns the text unchanged (no
  /// copy of its contents) when it holds nothing unsafe, the common case.
  public static func replacingUnsafeScalars(in text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: { replacement(for: $0) != nil }) else {
      return String(text)
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(replacement(for: scalar) ?? scalar)
    }
    return String(scalars)
  }
}
