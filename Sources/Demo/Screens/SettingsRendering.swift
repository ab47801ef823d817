extension DemoSettings {
  /// The settings screen for the current values. Reads only what it shows: with a live server
  /// ``latency`` is not shown, so it is not read (and a change to it draws nothing).
  var screenContent: ScreenContent {
    let latencyValue: TerminalText =
      simulatesLatency ? "\(latency.milliseconds) ms per request" : "not simulated (live server)"
    var rows = [
      Self.row("Page size", "\(pageSize) users per page", command: "page-size <n>"),
      Self.row("Latency", latencyValue, command: simulatesLatency ? "latency <ms>" : ""),
      Self.row("Colour", colors ? "on" : "off", command: "colour on|off"),
    ]
    rows.insert(StyledLine(), at: 0)
    return ScreenContent(
      title: "Settings", body: rows,
      footer: [
        StyledLine(),
        StyledLine(
          "  Back on the list, a new page size loads it again; a new latency", style: .dim),
        StyledLine("  applies from the next request. Colour applies at once.", style: .dim),
      ],
      hint: "page-size <n> · latency <ms> · colour on|off · back · help · quit")
  }

  /// One setting: its name, its value, and the command that changes it.
  private static func row(_ name: TerminalText, _ value: TerminalText, command: TerminalText)
    -> StyledLine
  {
    StyledLine("  \(name.padded(toWidth: 12))", style: .dim)
      + StyledLine(value.padded(toWidth: 30), style: .bold) + StyledLine(command, style: .accent)
  }
}
