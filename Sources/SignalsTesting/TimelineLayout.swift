/// The text of a ``Timeline``: one column per instant at which something happened, as wide as
/// its widest entry plus a gap. Internal; the format is documented on ``Timeline``.
struct TimelineLayout {
  /// The axis line, then one line per lane, without trailing spaces.
  let lines: [String]

  /// How many fill characters end a lane that is still recording.
  private static let openEnd = 3
  /// The axis line's name: its unit.
  private static let axisName = "ms"

  init(_ lanes: [TimelineLane]) {
    let instants = Set(lanes.flatMap(\.instants)).sorted()
    let ticks = instants.map { "|" + $0.millisecondsText }
    let cells = lanes.map { lane in instants.map(lane.cell(at:)) }
    let widths = instants.indices.map { column in
      cells.reduce(ticks[column].count) { max($0, $1[column].count) } + 1
    }
    let nameWidth = lanes.reduce(Self.axisName.count) { max($0, $1.name.count) } + 2

    var lines = [
      Self.axisName.padded(to: nameWidth) + zip(ticks, widths).map { $0.padded(to: $1) }.joined()
    ]
    for (lane, laneCells) in zip(lanes, cells) {
      var line = lane.name.padded(to: nameWidth)
      for (column, instant) in instants.enumerated() {
        let fill: Character = lane.isRecording(after: instant) ? lane.fill : " "
        line += laneCells[column].padded(to: widths[column], with: fill)
      }
      if lane.cancellation == nil {
        line += String(repeating: lane.fill, count: Self.openEnd)
      }
      lines.append(line)
    }
    self.lines = lines.map(\.withoutTrailingSpaces)
  }
}

extension TimelineLane {
  /// The character drawn while recording: `=` for state (the value holds), `-` for events.
  fileprivate var fill: Character {
    kind == .state ? "=" : "-"
  }

  /// Every instant this lane draws something at.
  var instants: [Duration] {
    [start] + values.map(\.time) + (cancellation.map { [$0] } ?? [])
  }

  /// Whether the lane is recording just after `instant`: started, not yet cancelled.
  fileprivate func isRecording(after instant: Duration) -> Bool {
    start <= instant && cancellation.map { instant < $0 } ?? true
  }

  /// What the lane draws at `instant`: `^` if it started then, the values that arrived then
  /// (grouped in parentheses if more than one), `!` if it was cancelled then.
  fileprivate func cell(at instant: Duration) -> String {
    let arrived = values.filter { $0.time == instant }.map(\.text)
    let shown = arrived.count > 1 ? "(" + arrived.joined(separator: " ") + ")" : arrived.joined()
    return (start == instant ? "^" : "") + shown + (cancellation == instant ? "!" : "")
  }
}

extension Duration {
  /// The duration in milliseconds, as an integer when it is one (`300`), else with as many
  /// decimals as needed (`0.25`).
  var millisecondsText: String {
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    let (seconds, attoseconds) = components
    let whole = seconds * 1000 + attoseconds / attosecondsPerMillisecond
    let rest = attoseconds % attosecondsPerMillisecond
    guard rest != 0 else { return "\(whole)" }
    let digits = String(rest.magnitude)
    let fraction = String(repeating: "0", count: 15 - digits.count) + digits
    return "\(whole)." + fraction.reversed().drop { $0 == "0" }.reversed()
  }
}

extension String {
  /// The string followed by `fill` up to `width` characters (unchanged if already as long).
  fileprivate func padded(to width: Int, with fill: Character = " ") -> String {
    self + String(repeating: fill, count: max(0, width - count))
  }

  /// The string without spaces or tabs at its end.
  var withoutTrailingSpaces: String {
    String(reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
