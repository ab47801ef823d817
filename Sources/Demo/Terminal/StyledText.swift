/// How a piece of text is emphasised. A colour terminal maps each style to an ANSI
/// attribute; plain output ignores styles.
enum TextStyle: Equatable, Sendable {
  case plain
  case bold
  case dim
  case accent
  case success
  case warning
  case failure
}

/// A run of text with one style.
struct Span: Equatable, Sendable {
  let text: String
  let style: TextStyle
}

/// One output line made of styled runs. Never contains a newline.
struct StyledLine: Equatable, Sendable, ExpressibleByStringLiteral {
  var spans: [Span]

  init(_ text: String = "", style: TextStyle = .plain) {
    spans = text.isEmpty ? [] : [Span(text: text, style: style)]
  }

  init(stringLiteral text: String) {
    self.init(text)
  }

  init(spans: [Span]) {
    self.spans = spans
  }

  /// The text without styles.
  var plainText: String {
    spans.map(\.text).joined()
  }

  /// The line cut to at most `width` characters, ending in `…` when something was cut.
  func truncated(to width: Int) -> StyledLine {
    guard plainText.count > width else { return self }
    guard width > 0 else { return StyledLine() }
    var remaining = width - 1
    var kept: [Span] = []
    for span in spans where remaining > 0 {
      let text = String(span.text.prefix(remaining))
      remaining -= text.count
      kept.append(Span(text: text, style: span.style))
    }
    return StyledLine(spans: kept) + StyledLine("…", style: .dim)
  }

  /// This line followed by `other`.
  static func + (line: StyledLine, other: StyledLine) -> StyledLine {
    StyledLine(spans: line.spans + other.spans)
  }
}
