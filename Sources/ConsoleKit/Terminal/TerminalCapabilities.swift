/// How the app draws: redrawing a terminal screen in place, or printing plain lines.
public struct TerminalCapabilities: Equatable, Sendable {
  /// Redraw the whole screen on every change (ANSI cursor control). Only when a person is at
  /// the keyboard: both standard input and standard output are terminals.
  public var redraws: Bool
  /// Use ANSI colours and bold/dim text.
  public var colors: Bool
  /// Cut every line to the terminal's width so none wraps: standard output is a terminal, also
  /// when input is piped (`cat commands.txt | Demo`).
  public var fitsWidth: Bool

  /// Plain, line-oriented output without colours: what tests and logs get.
  public static let plain = TerminalCapabilities(redraws: false, colors: false, fitsWidth: false)

  /// Detects the capabilities of this process's standard streams.
  ///
  /// Colour follows https://no-color.org: any non-empty `NO_COLOR` turns it off, as does
  /// `TERM=dumb` or an output that is not a terminal.
  public static func detect(environment: [String: String]) -> TerminalCapabilities {
    decide(
      inputIsTerminal: TerminalPlatform.standardInputIsTerminal,
      outputIsTerminal: TerminalPlatform.standardOutputIsTerminal, environment: environment)
  }

  /// The decision behind ``detect(environment:)``, separated so it can be tested.
  public static func decide(
    inputIsTerminal: Bool, outputIsTerminal: Bool, environment: [String: String]
  ) -> TerminalCapabilities {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let dumb = environment["TERM"] == "dumb"
    return TerminalCapabilities(
      redraws: inputIsTerminal && outputIsTerminal && !dumb,
      colors: outputIsTerminal && !noColor && !dumb,
      fitsWidth: outputIsTerminal)
  }
}
