import Foundation
import SignalsTestSupport
import SignalsTesting
import Testing

/// The diagrams of the guide and the DocC articles, rendered from real runs on virtual time.
///
/// Each test drives Signals with a `TestScheduler`, draws what its recorders saw as a
/// `Timeline`, and compares its text (what a failing `expectTimeline` prints) with the committed
/// file `docs/diagrams/NAME.txt`. The guides and the DocC articles quote that text after
/// `<!-- diagram: NAME -->`; `scripts/check-guide-snippets.py` fails CI when a quoted block
/// differs from its file. So a diagram in a document is always what the library really does.
///
/// After a deliberate change, rewrite the files with
/// `SIGNALS_UPDATE_DIAGRAMS=1 swift test --filter DiagramTests`, review the diff, then run
/// `python3 scripts/check-guide-snippets.py --update` to copy them into the documents.
@Suite struct DiagramTests {
  /// The package, found relative to this source file.
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tests/DocsTests/Diagrams
    .deletingLastPathComponent()  // Tests/SignalsTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package

  /// Expects `timeline` to render as `docs/diagrams/<name>.txt`; the failure shows where they
  /// differ. With `SIGNALS_UPDATE_DIAGRAMS=1` it writes the file instead.
  static func expectDiagram(
    _ name: String, _ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectDiagram(
      name, rendered: timeline.description, differences: timeline.differences(from:),
      sourceLocation: sourceLocation)
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

  /// Compares `rendered` with `docs/diagrams/<name>.txt`, or writes it there (with a final
  /// newline) with `SIGNALS_UPDATE_DIAGRAMS=1`.
  private static func expectDiagram(
    _ name: String, rendered: String, differences: (String) -> String?,
    sourceLocation: SourceLocation
  ) throws {
    let path = "docs/diagrams/\(name).txt"
    let file = package.appendingPathComponent(path)
    if ProcessInfo.processInfo.environment["SIGNALS_UPDATE_DIAGRAMS"] == "1" {
      try Data((rendered + "\n").utf8).write(to: file)
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
