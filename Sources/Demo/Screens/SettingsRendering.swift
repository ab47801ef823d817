import ConsoleKit
import DemoShared

extension DemoSettings {
  /// The settings screen for the current values. Reads only what it shows: with a live server
  /// ``latency`` is not shown, so it is not read (and a change to it draws nothing).
  var screenContent: ScreenContent {
    let latencyValue: TerminalText =
      simulatesLatency ? "\(latency.milliseconds) ms per request" : "not simulated (live server)"
    let rows = [
      StyledLine(),
      Self.row("Page size", "\(pageSize) users per page", command: "page-size <n>"),
      Self.row("Latency", latencyValue, command: simulatesLatency ? "latency <ms>" : ""),
      Self.row("Colour", colors ? "on" : "off", command: "colour on|off"),
    ]
    return ScreenContent(
      title: "Settings", body: rows,
      footer: [StyledLine()] + (simulatesLatency ? Self.notes : Self.liveNotes),
      hint: simulatesLatency
        ? "page-size <n> · latency <ms> · colour on|off · back · help · quit"
        : "page-size <n> · colour on|off · back · help · quit")
  }

  /// When each setting applies.
  private static let notes = [
    StyledLine("  Back on the list, a new page size loads it again; a new latency", style: .dim),
    StyledLine("  applies from the next request. Colour applies at once.", style: .dim),
  ]

  /// When each setting applies, with a live server (no simulated latency).
  private static let liveNotes = [
    StyledLine(
      "  Back on the list, a new page size loads it again. Colour applies at once.", style: .dim)
  ]

  /// One setting: its name, its value, and the command that changes it.
  private static func row(_ name: TerminalText, _ value: TerminalText, command: TerminalText)
    -> StyledLine
  {
    StyledLine("  \(name.padded(toWidth: 12))", style: .dim)
      + StyledLine(value.padded(toWidth: 30), style: .bold) + StyledLine(command, style: .accent)
  }
}
