/// How a piece of text is emphasised. A colour terminal maps each style to an ANSI
/// attribute; plain output ignores styles.
public enum TextStyle: Equatable, Sendable {
  case plain
  case bold
  case dim
  case accent
  case success
  case warning
  case failure
}

/// A run of safe text with one style.
public struct Span: Equatable, Sendable {
  /// The text of this run.
  public let text: TerminalText
  /// How it is drawn.
  public let style: TextStyle
}

/// One output line made of styled runs of ``TerminalText``, so it holds no control character:
/// never a newline, never an escape sequence (the display adds its own styles' sequences).
///
/// A line is made from `TerminalText` or from a string literal; a runtime `String` does not
/// convert (see ``TerminalText``).
public struct StyledLine: Equatable, Sendable, ExpressibleByStringLiteral {
  /// The runs, in order.
  public var spans: [Span]

  /// One run of `text` in `style` (an empty line by default).
  public init(_ text: TerminalText = "", style: TextStyle = .plain) {
    spans = text.isEmpty ? [] : [Span(text: text, style: style)]
  }

  /// As ``ExpressibleByStringLiteral`` requires.
  public init(stringLiteral literal: StaticString) {
    self.init(TerminalText(stringLiteral: literal))
  }

  init(spans: [Span]) {
    self.spans = spans
  }

  /// The text without styles.
  public var plainText: String {
    spans.map(\.text.string).joined()
  }

  /// The number of terminal columns the line takes.
  public var displayWidth: Int {
    spans.reduce(0) { $0 + $1.text.displayWidth }
  }

  /// The line cut to at most `width` terminal columns, ending in a dim `…` when something was
  /// cut. Cuts between grapheme clusters; a wide character that would straddle the limit is
  /// left out.
  public func truncated(toWidth width: Int) -> StyledLine {
    if prefix(fittingWidth: width).isWhole { return self }
    guard width > 0 else { return StyledLine() }
    return prefix(fittingWidth: width - 1).line + StyledLine("…", style: .dim)
  }

  /// The longest prefix of the line that takes at most `width` columns, and whether it is the
  /// whole line.
  private func prefix(fittingWidth width: Int) -> (line: StyledLine, isWhole: Bool) {
    var remaining = width
    var kept: [Span] = []
    for span in spans {
      let prefix = span.text.prefix(fittingWidth: remaining)
      if prefix.isWhole {
        kept.append(span)
        remaining -= prefix.width
        continue
      }
      if !prefix.text.isEmpty {
        kept.append(Span(text: prefix.text, style: span.style))
      }
      return (StyledLine(spans: kept), false)
    }
    return (self, true)
  }

  /// This line followed by `other`.
  public static func + (line: StyledLine, other: StyledLine) -> StyledLine {
    StyledLine(spans: line.spans + other.spans)
  }
}
