import ConsoleKit

/// The line shown once at start: where the users come from, and how to get help.
enum Banner {
  /// The banner for `source`; the endpoint, typed on the command line, is sanitized.
  static func lines(for source: LaunchOptions.Source) -> [StyledLine] {
    let origin: TerminalText
    switch source {
    case .live(let endpoint, _):
      origin = "users from \(TerminalText(sanitizing: endpoint.absoluteString))"
    case .offline(let latency, let failureRate):
      var text: TerminalText = "offline users, \(latency.milliseconds) ms latency"
      if failureRate > 0 {
        text = text + ", \(Int((failureRate * 100).rounded()))% of requests fail"
      }
      origin = text
    }
    return [
      StyledLine("Signals demo", style: .bold) + StyledLine(" (\(origin)). ")
        + StyledLine("Type 'help' for commands.", style: .dim)
    ]
  }
}
