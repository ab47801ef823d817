/// The line shown once at start: where the users come from, and how to get help.
enum Banner {
  static func lines(for source: LaunchOptions.Source) -> [StyledLine] {
    let origin: String
    switch source {
    case .live(let endpoint):
      origin = "users from \(endpoint.absoluteString)"
    case .offline(let latency, let failureRate):
      var text = "offline users, \(latency.milliseconds) ms latency"
      if failureRate > 0 {
        text += ", \(Int((failureRate * 100).rounded()))% of requests fail"
      }
      origin = text
    }
    return [
      StyledLine("Signals demo", style: .bold) + StyledLine(" (\(origin)). ")
        + StyledLine("Type 'help' for commands.", style: .dim)
    ]
  }
}
