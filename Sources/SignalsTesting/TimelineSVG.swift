extension Timeline {
  /// The timeline as a self-contained SVG picture, for a document a browser shows (GitHub and
  /// DocC render SVG inline); ``description`` stays the form for a terminal and a test failure.
  ///
  /// It draws what ``description`` writes, in the same columns: a time axis in milliseconds of
  /// virtual time (one column per instant at which something happened, ordered but not to
  /// scale), then one lane per recorder. A state lane is a thick solid line (the value holds)
  /// with each value in a square box; an event lane is a thin dashed line (nothing holds) with
  /// each event in a rounded box. Values that arrived at the same instant stand side by side in
  /// arrival order. A short bar marks where recording started, a cross where it was cancelled.
  /// A legend under the lanes says so.
  ///
  /// The text is the same on every run (only virtual time appears, coordinates are integers)
  /// and self-contained: no script, no external font or image, a white background, a generic
  /// monospace font family. Values are escaped for XML. Widths assume one monospace cell per
  /// character, so a double-width character in a value makes its box a little tight.
  public func renderSVG() -> String {
    TimelineSVG(lanes).text
  }
}

/// The SVG of a ``Timeline``. Internal; the picture is documented on ``Timeline/renderSVG()``.
struct TimelineSVG {
  let text: String

  private static let characterWidth = 8
  private static let fontSize = 13
  private static let margin = 16
  private static let axisHeight = 32
  private static let laneHeight = 40
  private static let boxHeight = 22
  private static let boxPadding = 6
  private static let valueGap = 4
  private static let columnGap = 18
  private static let openEnd = 28
  private static let stateColor = "#1f5fa8"
  private static let eventColor = "#b8570b"
  private static let gridColor = "#c8c8c8"
  private static let inkColor = "#1a1a1a"

  init(_ lanes: [TimelineLane]) {
    let instants = Set(lanes.flatMap(\.instants)).sorted()
    let nameWidth = lanes.reduce(2) { max($0, $1.name.count) } * Self.characterWidth
    let axisX = Self.margin + nameWidth + Self.columnGap
    // Each column as wide as its widest entry (its tick label or a lane's boxes side by side).
    let widths = instants.map { instant in
      lanes.reduce(Self.textWidth(instant.millisecondsText)) { widest, lane in
        max(widest, lane.values(at: instant).reduce(0) { $0 + Self.boxWidth($1) + Self.valueGap })
      } + Self.columnGap
    }
    var xs: [Duration: Int] = [:]
    var x = axisX
    for (instant, width) in zip(instants, widths) {
      xs[instant] = x
      x += width
    }
    let lineEnd = x + Self.openEnd
    let lanesTop = Self.margin + Self.axisHeight
    let lanesBottom = lanesTop + lanes.count * Self.laneHeight
    let legendTop = lanesBottom + 12
    let width = max(lineEnd, Self.margin + Self.legendWidth) + Self.margin
    let height = legendTop + Self.boxHeight + Self.margin

    var body: [String] = []
    body.append(#"<rect width="100%" height="100%" fill="white"/>"#)
    let axisY = Self.margin + Self.fontSize
    body.append(Self.label("ms", x: Self.margin, y: axisY, color: "#555555"))
    for instant in instants {
      let x = xs[instant] ?? axisX
      body.append(Self.label(instant.millisecondsText, x: x, y: axisY, color: "#555555"))
      body.append(
        #"<line x1="\#(x)" y1="\#(axisY + 6)" x2="\#(x)" y2="\#(lanesBottom)" "#
          + #"stroke="\#(Self.gridColor)" stroke-dasharray="2 3"/>"#)
    }
    for (index, lane) in lanes.enumerated() {
      let y = lanesTop + index * Self.laneHeight + Self.laneHeight / 2
      body.append(Self.label(lane.name, x: Self.margin, y: y + 4, color: Self.inkColor))
      body += Self.drawing(of: lane, at: y, xs: xs, lineEnd: lineEnd)
    }
    body += Self.legend(top: legendTop)

    let title = "Timeline: " + lanes.map(\.name).joined(separator: ", ")
    text =
      ([
        #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
          + #"viewBox="0 0 \#(width) \#(height)" role="img" "#
          + #"font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" "#
          + #"font-size="\#(Self.fontSize)">"#,
        "<title>\(Self.escaped(title))</title>",
      ] + body.map { "  " + $0 } + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// A lane: its line while recording, its start bar, its values, its cancellation cross.
  private static func drawing(
    of lane: TimelineLane, at y: Int, xs: [Duration: Int], lineEnd: Int
  ) -> [String] {
    let color = lane.kind == .state ? stateColor : eventColor
    let start = xs[lane.start] ?? 0
    // A cancellation is drawn after the values that arrived at the same instant (before it).
    let end =
      lane.cancellation.flatMap { instant in
        xs[instant].map { x in
          lane.values(at: instant).reduce(x) { $0 + valueGap + boxWidth($1) } + valueGap
        }
      } ?? lineEnd
    var shapes: [String] = []
    let style =
      lane.kind == .state
      ? #"stroke-width="3""# : #"stroke-width="1.5" stroke-dasharray="5 4""#
    shapes.append(
      #"<line x1="\#(start)" y1="\#(y)" x2="\#(end)" y2="\#(y)" stroke="\#(color)" \#(style)/>"#)
    shapes.append(
      #"<line x1="\#(start)" y1="\#(y - 9)" x2="\#(start)" y2="\#(y + 9)" "#
        + #"stroke="\#(color)" stroke-width="2"/>"#)
    for (instant, x) in xs.sorted(by: { $0.key < $1.key }) {
      var boxX = x + valueGap
      for value in lane.values(at: instant) {
        shapes += box(value, x: boxX, y: y, kind: lane.kind, color: color)
        boxX += boxWidth(value) + valueGap
      }
    }
    if lane.cancellation != nil {
      shapes.append(
        #"<path d="M\#(end - 6) \#(y - 6) L\#(end + 6) \#(y + 6) M\#(end - 6) \#(y + 6) "#
          + #"L\#(end + 6) \#(y - 6)" stroke="\#(inkColor)" stroke-width="2"/>"#)
    }
    return shapes
  }

  /// A value's box on the lane: square for state, rounded for an event.
  private static func box(
    _ value: String, x: Int, y: Int, kind: RecordedKind, color: String
  ) -> [String] {
    let corner = kind == .state ? 2 : boxHeight / 2
    return [
      #"<rect x="\#(x)" y="\#(y - boxHeight / 2)" width="\#(boxWidth(value))" "#
        + #"height="\#(boxHeight)" rx="\#(corner)" fill="white" stroke="\#(color)" "#
        + #"stroke-width="1.5"/>"#,
      label(value, x: x + boxPadding, y: y + 4, color: inkColor),
    ]
  }

  /// The legend: one sample of each mark, with what it means.
  private static func legend(top: Int) -> [String] {
    let y = top + boxHeight / 2
    var x = margin
    var shapes: [String] = []
    shapes.append(
      #"<line x1="\#(x)" y1="\#(y)" x2="\#(x + 24)" y2="\#(y)" stroke="\#(stateColor)" "#
        + #"stroke-width="3"/>"#)
    shapes.append(label("state: the value holds", x: x + 30, y: y + 4, color: inkColor))
    x += 30 + textWidth("state: the value holds") + columnGap
    shapes.append(
      #"<line x1="\#(x)" y1="\#(y)" x2="\#(x + 24)" y2="\#(y)" stroke="\#(eventColor)" "#
        + #"stroke-width="1.5" stroke-dasharray="5 4"/>"#)
    shapes.append(label("event: nothing holds", x: x + 30, y: y + 4, color: inkColor))
    x += 30 + textWidth("event: nothing holds") + columnGap
    shapes.append(
      #"<line x1="\#(x)" y1="\#(y - 9)" x2="\#(x)" y2="\#(y + 9)" stroke="\#(inkColor)" "#
        + #"stroke-width="2"/>"#)
    shapes.append(label("subscribed", x: x + 8, y: y + 4, color: inkColor))
    x += 8 + textWidth("subscribed") + columnGap
    shapes.append(
      #"<path d="M\#(x) \#(y - 6) L\#(x + 12) \#(y + 6) M\#(x) \#(y + 6) L\#(x + 12) \#(y - 6)" "#
        + #"stroke="\#(inkColor)" stroke-width="2"/>"#)
    shapes.append(label("cancelled", x: x + 18, y: y + 4, color: inkColor))
    return shapes
  }

  /// How wide the legend is.
  private static var legendWidth: Int {
    30 + textWidth("state: the value holds") + columnGap + 30 + textWidth("event: nothing holds")
      + columnGap + 8 + textWidth("subscribed") + columnGap + 18 + textWidth("cancelled")
  }

  private static func label(_ text: String, x: Int, y: Int, color: String) -> String {
    #"<text x="\#(x)" y="\#(y)" fill="\#(color)">\#(escaped(text))</text>"#
  }

  private static func textWidth(_ text: String) -> Int {
    text.count * characterWidth
  }

  private static func boxWidth(_ value: String) -> Int {
    textWidth(value) + 2 * boxPadding
  }

  /// `text` safe inside an XML element or attribute.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}

extension TimelineLane {
  /// The values that arrived at `instant`, in arrival order.
  fileprivate func values(at instant: Duration) -> [String] {
    values.filter { $0.time == instant }.map(\.text)
  }
}
