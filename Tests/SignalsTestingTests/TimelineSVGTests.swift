import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Timeline.renderSVG()`: the picture the guides show. The committed diagrams pin whole pictures
/// (DiagramTests); these pin the promises: what is drawn, escaping, self-containment, and the
/// same text on every run.
@Suite struct TimelineSVGTests {
  private let scheduler = TestScheduler()

  /// The documented example of `Timeline`: a state lane and an event lane cancelled at 1 s.
  private func example() -> Timeline {
    .documentedExample(on: scheduler)
  }

  @Test func drawsEveryValueEveryInstantAndEveryLaneName() {
    let svg = example().renderSVG()
    for text in ["idle", "loading", "saved", "editing", "Saved", "state", "toast", "ms"] {
      #expect(svg.contains(">\(text)</text>"), "\(text) is drawn as a label")
    }
    for tick in ["0", "300", "800", "1000"] {
      #expect(svg.contains(">\(tick)</text>"), "the axis has a tick at \(tick) ms")
    }
    #expect(svg.contains("<title>Timeline: state, toast</title>"))
  }

  @Test func valuesAtOneInstantStandSideBySideInArrivalOrder() throws {
    let svg = example().renderSVG()
    func x(of label: String) throws -> Int {
      let line = try #require(svg.split(separator: "\n").first { $0.hasSuffix(">\(label)</text>") })
      let value = try #require(line.split(separator: "\"").dropFirst().first)
      return try #require(Int(value))
    }
    #expect(try x(of: "saved") < x(of: "editing"))
  }

  @Test func hasALegendAndIsSelfContained() {
    let svg = example().renderSVG()
    for entry in ["state: the value holds", "event: nothing holds", "subscribed", "cancelled"] {
      #expect(svg.contains(">\(entry)</text>"))
    }
    #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg""#))
    #expect(svg.hasSuffix("</svg>\n"))
    for outside in ["<script", "@import", "url(", "href", "<image", "@font-face"] {
      #expect(!svg.contains(outside), "nothing loaded from elsewhere: \(outside)")
    }
  }

  @Test func escapesValuesForXML() {
    let text = EventSender<String>()
    let lane = Recorder(text.stream, scheduler: scheduler)
    text.send(#"<b>"Tom" & 'Jerry'</b>"#)
    let svg = Timeline(("a < b", lane)).renderSVG()
    #expect(svg.contains("&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;"))
    #expect(svg.contains(">a &lt; b</text>"))
    #expect(!svg.contains("<b>"))
  }

  /// The picture on `Timeline`'s DocC page is this example, drawn here: compared with the
  /// committed file (`SIGNALS_UPDATE_DIAGRAMS=1` rewrites it).
  @Test func theDocCPictureIsTheDocumentedExample() throws {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Tests/SignalsTestingTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
      .appendingPathComponent("Sources/SignalsTesting/SignalsTesting.docc/Resources")
      .appendingPathComponent("timeline-example.svg")
    let svg = example().renderSVG()
    if ProcessInfo.processInfo.environment["SIGNALS_UPDATE_DIAGRAMS"] == "1" {
      try Data(svg.utf8).write(to: file)
      return
    }
    #expect(
      try String(contentsOf: file, encoding: .utf8) == svg,
      "rewrite it with SIGNALS_UPDATE_DIAGRAMS=1")
  }

  @Test func isTheSameTextOnEveryRun() {
    #expect(example().renderSVG() == TimelineSVGTests().example().renderSVG())
  }
}
