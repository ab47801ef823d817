import Foundation
import SignalsTesting
import Testing

/// The diagrams of the guide and the DocC articles, rendered from real runs on virtual time.
///
/// Each test drives Signals with a `TestScheduler`, draws what its recorders saw as a
/// `Timeline`, and compares it with the committed files: the text with `docs/diagrams/NAME.txt`
/// (for a terminal, and the DocC articles), the picture with `docs/diagrams/NAME.svg` (the
/// guides show it inline). The documents quote the text after `<!-- diagram: NAME -->` or show
/// the picture as `![...](diagrams/NAME.svg)`, and `scripts/check-guide-snippets.py` fails CI
/// when a quoted block differs from its file or a picture has no file. So a diagram in a
/// document is always what the library really does.
///
/// After a deliberate change, rewrite the files with
/// `SIGNALS_UPDATE_DIAGRAMS=1 swift test --filter DiagramTests`, review the diff, then run
/// `python3 scripts/check-guide-snippets.py --update` to copy them into the documents.
@Suite struct DiagramTests {
  /// The committed diagrams: `docs/diagrams`, found relative to this source file.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/SignalsTests/Diagrams
    .deletingLastPathComponent()  // Tests/SignalsTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent("docs/diagrams")

  /// Expects `timeline` to render as `docs/diagrams/<name>.txt` and as the picture
  /// `docs/diagrams/<name>.svg`; the failure shows the text of both. With
  /// `SIGNALS_UPDATE_DIAGRAMS=1` it writes the files instead.
  static func expectDiagram(
    _ name: String, _ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectDiagram(
      name, rendered: timeline.render(), differences: timeline.differences(from:),
      sourceLocation: sourceLocation)
    let svg = timeline.renderSVG()
    try expectDiagram(
      name, fileExtension: "svg", rendered: svg, ending: "",
      differences: { committed in
        committed == svg ? nil : "committed:\n\(committed)\nrendered:\n\(svg)"
      }, sourceLocation: sourceLocation)
  }

  /// Expects a diagram that is not a timeline (a structure drawn from data the test checks) to
  /// be `docs/diagrams/<name>.txt`, line for line.
  static func expectDiagram(
    _ name: String, text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectDiagram(
      name, rendered: text,
      differences: { committed in
        let expected = committed.split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.trimmingSuffix(" ") }
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.trimmingSuffix(" ") }
        func trimmed(_ lines: [Substring]) -> [Substring] {
          var lines = lines
          while lines.last?.isEmpty == true { lines.removeLast() }
          return lines
        }
        return trimmed(expected) == trimmed(actual)
          ? nil : "committed:\n\(committed)\nrendered:\n\(text)"
      },
      sourceLocation: sourceLocation)
  }

  private static func expectDiagram(
    _ name: String, fileExtension: String = "txt", rendered: String, ending: String = "\n",
    differences: (String) -> String?, sourceLocation: SourceLocation
  ) throws {
    let file = directory.appendingPathComponent("\(name).\(fileExtension)")
    if ProcessInfo.processInfo.environment["SIGNALS_UPDATE_DIAGRAMS"] == "1" {
      try Data((rendered + ending).utf8).write(to: file)
      return
    }
    let committed = try String(contentsOf: file, encoding: .utf8)
    if let differences = differences(committed) {
      let comment =
        "docs/diagrams/\(name).\(fileExtension) is not what the test renders (rewrite it with "
        + "SIGNALS_UPDATE_DIAGRAMS=1).\n\(differences)"
      Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
    }
  }
}

extension Substring {
  fileprivate func trimmingSuffix(_ character: Character) -> Substring {
    var result = self
    while result.last == character { result.removeLast() }
    return result
  }
}
