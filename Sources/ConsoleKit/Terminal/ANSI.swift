/// The few ANSI escape sequences the demo uses: the only escape sequences it ever writes (the
/// text between them is ``TerminalText``, which holds none).
public enum ANSI {
  /// Moves the cursor home and clears the screen.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"
  /// Resets every attribute.
  public static let reset = "\u{1B}[0m"

  /// The escape sequence that starts `style`, or `""` for plain text.
  public static func start(_ style: TextStyle) -> String {
    switch style {
    case .plain: ""
    case .bold: "\u{1B}[1m"
    case .dim: "\u{1B}[2m"
    case .accent: "\u{1B}[36m"
    case .success: "\u{1B}[32m"
    case .warning: "\u{1B}[33m"
    case .failure: "\u{1B}[31m"
    }
  }

  /// `line` with its styles as escape sequences when `colors` is on, else its plain text.
  public static func render(_ line: StyledLine, colors: Bool) -> String {
    guard colors else { return line.plainText }
    return line.spans.map { span in
      span.style == .plain ? span.text.string : start(span.style) + span.text.string + reset
    }.joined()
  }
}
