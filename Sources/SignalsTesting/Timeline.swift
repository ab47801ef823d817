/// A text timeline (a marble diagram) of one or more ``Recorder``s on a shared virtual-time
/// axis, for reading what happened when, and for asserting it (``expectTimeline(_:_:fileID:filePath:line:column:)``).
///
/// ```swift
/// let state = MutableProperty("idle")
/// let toasts = EventSender<String>()
/// let states = Recorder(state.property, scheduler: scheduler)
/// let shown = Recorder(toasts.stream, scheduler: scheduler)
/// scheduler.advance(to: .milliseconds(300))
/// state.value = "loading"
/// scheduler.advance(to: .milliseconds(800))
/// state.value = "saved"
/// toasts.send("Saved")
/// state.value = "editing"
/// scheduler.advance(to: .seconds(1))
/// shown.cancel()
/// print(Timeline(("state", states), ("toast", shown)))
/// ```
///
/// prints
///
/// ```text
/// ms     |0    |300    |800            |1000
/// state  ^idle=loading=(saved editing)==========
/// toast  ^-------------Saved-----------!
/// ```
///
/// The format:
/// - The first line is the time axis, in milliseconds of virtual time (``TestScheduler/now``).
///   Each `|` is a tick, labelled with its time, at the column where everything that happened
///   at that instant is drawn. Only instants where something happened get a column, so the axis
///   is ordered but not to scale.
/// - Then one lane per recorder, named, in the order given. A state lane (a `Property`) is
///   drawn with `=` while recording: the value holds until the next one. An event lane (an
///   `EventStream`) is drawn with `-`: nothing holds between events.
/// - `^` marks where recording started (with a property's current value right after it), `!`
///   where it was cancelled (``Recorder/cancel()``); nothing is drawn outside that span. A lane
///   still recording ends with `===` or `---`.
/// - A value is shown with its `String(describing:)` (line breaks and tabs escaped as `\n` and
///   `\t`); values that arrived at the same instant are grouped in arrival order: `(a b)`.
/// - Lines have no trailing spaces; columns are counted in characters (a double-width character
///   in a value shifts that line). Only virtual time appears, so the text is the same on every
///   run. Without a scheduler every time is zero.
///
/// A timeline is a snapshot: it holds what the recorders held when it was made.
public struct Timeline: Sendable, CustomStringConvertible {
  let lanes: [TimelineLane]

  /// A timeline of the given lanes, each a name and the recorder to draw, from top to bottom:
  /// `Timeline(("state", states), ("toast", toasts))`.
  public init<each Value>(_ lanes: repeat (String, Recorder<each Value>)) {
    var all: [TimelineLane] = []
    for (name, recorder) in repeat each lanes {
      all.append(TimelineLane(name, recorder))
    }
    self.lanes = all
  }

  /// The timeline as text (`print(timeline)`, `"\(timeline)"`): lines separated by `\n`, with
  /// no trailing newline.
  public var description: String {
    lines.joined(separator: "\n")
  }

  /// `nil` if the timeline renders as `expected`, otherwise a message showing where the two
  /// first differ and both timelines, expected above actual. Trailing spaces on each line of
  /// `expected` and blank lines around it are ignored.
  public func differences(from expected: String) -> String? {
    let actualLines = lines
    var expectedLines = expected.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .map { String($0).withoutTrailingSpaces }
    while expectedLines.first == "" { expectedLines.removeFirst() }
    while expectedLines.last == "" { expectedLines.removeLast() }
    guard actualLines != expectedLines else { return nil }
    // Where they differ: the length of the common prefix, of lines and then of that line.
    let line = zip(expectedLines, actualLines).prefix { $0 == $1 }.count
    let expectedLine = line < expectedLines.count ? expectedLines[line] : ""
    let actualLine = line < actualLines.count ? actualLines[line] : ""
    let column = zip(expectedLine, actualLine).prefix { $0 == $1 }.count
    return """
      The timeline differs from the expected one at line \(line + 1), column \(column + 1).
      Expected:
      \(expectedLines.joined(separator: "\n"))
      Actual:
      \(actualLines.joined(separator: "\n"))
      """
  }

  /// The axis line, then one line per lane, without trailing spaces: one column per instant at
  /// which something happened, as wide as its widest entry plus a gap.
  private var lines: [String] {
    let instants = Set(lanes.flatMap(\.instants)).sorted()
    let ticks = instants.map { "|" + $0.millisecondsText }
    let cells = lanes.map { lane in instants.map(lane.cell(at:)) }
    let widths = instants.indices.map { column in
      cells.reduce(ticks[column].count) { max($0, $1[column].count) } + 1
    }
    let nameWidth = lanes.reduce("ms".count) { max($0, $1.name.count) } + 2
    var lines = ["ms".padded(to: nameWidth) + zip(ticks, widths).map { $0.padded(to: $1) }.joined()]
    for (lane, laneCells) in zip(lanes, cells) {
      var line = lane.name.padded(to: nameWidth)
      for (column, instant) in instants.enumerated() {
        let fill: Character = lane.isRecording(after: instant) ? lane.fill : " "
        line += laneCells[column].padded(to: widths[column], with: fill)
      }
      // A lane still recording ends with three fill characters.
      lines.append(line + (lane.cancellation == nil ? String(repeating: lane.fill, count: 3) : ""))
    }
    return lines.map(\.withoutTrailingSpaces)
  }
}

/// One recorder's lane of a ``Timeline``, as it was when the timeline was made. Internal.
struct TimelineLane: Sendable {
  let name: String
  /// The character drawn while recording: `=` for state (the value holds), `-` for events.
  let fill: Character
  let start: Duration
  let cancellation: Duration?
  /// Each value's arrival time and its one-line description, in arrival order.
  let values: [(time: Duration, text: String)]

  init<Value>(_ name: String, _ recorder: Recorder<Value>) {
    let snapshot = recorder.snapshot
    self.name = name
    self.fill = recorder.kind == .state ? "=" : "-"
    self.start = recorder.startTime
    self.cancellation = snapshot.cancellationTime
    self.values = snapshot.timedValues.map { timed in
      let text = String(describing: timed.value).map { character in
        character.isNewline ? "\\n" : character == "\t" ? "\\t" : String(character)
      }
      return (timed.time, text.joined())
    }
  }

  /// Every instant this lane draws something at.
  fileprivate var instants: [Duration] {
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
  /// decimals as needed (`0.25`): a ``Timeline``'s axis and a ``ScreenHarness``'s messages.
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
  fileprivate var withoutTrailingSpaces: String {
    String(reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
