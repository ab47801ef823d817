/// Text that is safe to write to a terminal: it holds no control character, no escape and no
/// bidirectional control, so writing it can never move the cursor, clear the screen, retitle
/// the window, make the terminal answer on the app's input or reorder the rest of the line.
///
/// It is the only way text reaches a ``Display``: every display call takes a `TerminalText` or a
/// ``StyledLine`` made of them, so raw outside text does not compile into a display call.
///
/// There are two ways to make one, and neither lets a runtime `String` through unchanged:
/// - ``init(sanitizing:)`` for any text from outside (the server, the fixture, standard input,
///   the command line, an error's message): every unsafe scalar is replaced by a visible stand-in
///   (see ``TerminalStandIn``); every printable character (accents, Hangul, CJK, emoji) is kept.
/// - A string literal written in the app's source, with interpolations of other `TerminalText`
///   values and integers only (`"User #\(id)"`). Its literal parts are `StaticString`s, so a
///   `String` cannot be passed as a "literal"; they are sanitized too, so the promise holds even
///   for a careless literal.
public struct TerminalText: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The safe text, to write as is.
  public let string: String

  /// `outside` with every unsafe scalar replaced by its visible stand-in.
  public init(sanitizing outside: some StringProtocol) {
    string = TerminalStandIn.replacingUnsafeScalars(in: outside)
  }

  /// App-authored text from a literal.
  public init(stringLiteral literal: StaticString) {
    string = TerminalStandIn.replacingUnsafeScalars(in: literal.description)
  }

  /// App-authored text from a literal with interpolations.
  public init(stringInterpolation: Interpolation) {
    string = stringInterpolation.string
  }

  private init(safe: String) {
    string = safe
  }

  /// The text itself (it is already safe): lets it be written into a `String` directly.
  public var description: String {
    string
  }

  /// Whether there is no text.
  public var isEmpty: Bool {
    string.isEmpty
  }

  /// The number of terminal columns the text takes (see ``DisplayWidth``).
  public var displayWidth: Int {
    DisplayWidth.of(string)
  }

  /// This text followed by `other`; both are safe, so the result is.
  public static func + (text: TerminalText, other: TerminalText) -> TerminalText {
    TerminalText(safe: text.string + other.string)
  }

  /// `count` spaces.
  public static func spaces(_ count: Int) -> TerminalText {
    TerminalText(safe: String(repeating: " ", count: max(count, 0)))
  }
}

extension TerminalText {
  /// The widest a piece of typed or received text is shown when an app message quotes it (an
  /// unknown command, the search text in a header or a notice): 40 columns.
  public static let maximumQuoteWidth = 40

  /// Outside text quoted inside an app message: sanitized and cut to ``maximumQuoteWidth``
  /// columns, ending in `…` when something was cut.
  public static func quoting(_ outside: some StringProtocol) -> TerminalText {
    TerminalText(sanitizing: outside).truncated(toWidth: maximumQuoteWidth)
  }

  /// The text cut to at most `width` columns, ending in `…` when something was cut. Cuts
  /// between grapheme clusters only, and reads only as much of the text as it keeps, so cutting
  /// a very long text is cheap.
  public func truncated(toWidth width: Int) -> TerminalText {
    let whole = prefix(fittingWidth: width)
    if whole.isWhole { return self }
    guard width > 0 else { return "" }
    return prefix(fittingWidth: width - 1).text + "…"
  }

  /// The longest prefix (whole grapheme clusters) that takes at most `width` columns, the
  /// columns it takes, and whether it is the whole text.
  public func prefix(fittingWidth width: Int) -> (text: TerminalText, width: Int, isWhole: Bool) {
    let (prefix, used) = DisplayWidth.prefix(of: string[...], fittingIn: width)
    return (TerminalText(safe: String(prefix)), used, prefix.endIndex == string.endIndex)
  }

  /// The text followed by spaces up to `width` columns (nothing added when it is as wide).
  public func padded(toWidth width: Int) -> TerminalText {
    self + .spaces(width - displayWidth)
  }

  /// Spaces up to `width` columns followed by the text.
  public func paddedLeft(toWidth width: Int) -> TerminalText {
    .spaces(width - displayWidth) + self
  }
}

extension TerminalText {
  /// Builds app-authored text from a literal: `StaticString` parts, other `TerminalText` values
  /// and integers. A `String` cannot be interpolated: wrap outside text in
  /// ``TerminalText/init(sanitizing:)`` first.
  public struct Interpolation: StringInterpolationProtocol {
    fileprivate var string = ""

    /// As ``StringInterpolationProtocol`` requires.
    public init(literalCapacity: Int, interpolationCount: Int) {
      string.reserveCapacity(literalCapacity)
    }

    /// As ``StringInterpolationProtocol`` requires.
    public mutating func appendLiteral(_ literal: StaticString) {
      string += TerminalStandIn.replacingUnsafeScalars(in: literal.description)
    }

    /// Appends other app-authored or sanitized text as it is.
    public mutating func appendInterpolation(_ text: TerminalText) {
      string += text.string
    }

    /// Appends a number in decimal.
    public mutating func appendInterpolation(_ number: some BinaryInteger) {
      string += String(number)
    }
  }
}
