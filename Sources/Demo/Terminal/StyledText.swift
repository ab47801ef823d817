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

  /// This line followed by `other`.
  static func + (line: StyledLine, other: StyledLine) -> StyledLine {
    StyledLine(spans: line.spans + other.spans)
  }
}
