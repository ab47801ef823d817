import Foundation
import SignalsTestSupport
import SignalsTesting
import Testing

/// The diagrams of the guide and the DocC articles, rendered from real runs on virtual time.
///
/// Each test drives Signals with a `TestScheduler`, draws what its recorders saw as a
/// `Timeline`, and compares it with the committed files: the text with `docs/diagrams/NAME.txt`
/// (for a terminal), the picture with `docs/diagrams/NAME.svg` (the guides show it inline) and
/// with each DocC catalog's copy, `Resources/NAME.svg` (``doccCopies``). The guides quote the
/// text after `<!-- diagram: NAME -->` or show the picture as `![...](diagrams/NAME.svg)`; a
/// DocC article shows its catalog's copy as `![...](NAME.svg)`. `scripts/check-guide-snippets.py`
/// fails CI when a quoted block differs from its file or a picture has no file. So a diagram in
/// a document is always what the library really does.
///
/// After a deliberate change, rewrite the files with
/// `SIGNALS_UPDATE_DIAGRAMS=1 swift test --filter DiagramTests`, review the diff, then run
/// `python3 scripts/check-guide-snippets.py --update` to copy them into the documents.
@Suite struct DiagramTests {
  /// The committed diagrams: `docs/diagrams`, found relative to this source file.
  static let directory = package.appendingPathComponent("docs/diagrams")

  /// The package, found relative to this source file.
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/DocsTests/Diagrams
    .deletingLastPathComponent()  // Tests/SignalsTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package

  /// The DocC catalogs that show a diagram, by diagram name: each holds a copy of the picture
  /// in its `Resources` folder (DocC finds an image only in its own catalog), compared here with
  /// what the test renders like `docs/diagrams/NAME.svg`.
  static let doccCopies: [String: [String]] = [
    "debounce-latest-wins": ["Signals/Signals.docc", "SignalsTesting/SignalsTesting.docc"],
    "event-nobody-hears": ["Signals/Signals.docc"],
    "main-actor-hop": ["Signals/Signals.docc"],
    "reentrant-queueing": ["Signals/Signals.docc"],
    "replay-on-subscribe": ["Signals/Signals.docc"],
    "willset-didset": ["Signals/Signals.docc"],
  ]

  /// Expects `timeline` to render as `docs/diagrams/<name>.txt` and as the picture
  /// `docs/diagrams/<name>.svg` and its DocC copies (``doccCopies``); the failure shows the text
  /// of both. With `SIGNALS_UPDATE_DIAGRAMS=1` it writes the files instead.
  static func expectDiagram(
    _ name: String, _ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectDiagram(
      name, rendered: timeline.description, differences: timeline.differences(from:),
      sourceLocation: sourceLocation)
    let svg = timeline.renderSVG()
    let differences = { (committed: String) in
      committed == svg ? nil : "committed:\n\(committed)\nrendered:\n\(svg)"
    }
    try expectDiagram(
      name, fileExtension: "svg", rendered: svg, ending: "", differences: differences,
      sourceLocation: sourceLocation)
    for catalog in doccCopies[name, default: []] {
      try expectDiagram(
        name, in: "Sources/\(catalog)/Resources", fileExtension: "svg", rendered: svg,
        ending: "", differences: differences, sourceLocation: sourceLocation)
    }
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

  /// Compares `rendered` (plus `ending`) with `<folder>/<name>.<fileExtension>`, a folder of
  /// the package, or writes it there with `SIGNALS_UPDATE_DIAGRAMS=1`.
  private static func expectDiagram(
    _ name: String, in folder: String = "docs/diagrams", fileExtension: String = "txt",
    rendered: String, ending: String = "\n", differences: (String) -> String?,
    sourceLocation: SourceLocation
  ) throws {
    let path = "\(folder)/\(name).\(fileExtension)"
    let file = package.appendingPathComponent(path)
    if ProcessInfo.processInfo.environment["SIGNALS_UPDATE_DIAGRAMS"] == "1" {
      try Data((rendered + ending).utf8).write(to: file)
      return
    }
    let committed = try String(contentsOf: file, encoding: .utf8)
    if let differences = differences(committed) {
      let comment =
        "\(path) is not what the test renders (rewrite it with "
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
