import Foundation
import Testing

/// Golden transcripts: `Tests/DemoTests/Golden/<name>.txt`, read relative to this source file
/// (no bundle resources needed).
///
/// Run with `DEMO_UPDATE_GOLDEN=1` to (re)write the files from the actual output instead of
/// comparing; review the diff before committing it.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // DemoTests
    .appendingPathComponent("Golden")

  /// Normalises a transcript: line endings, trailing spaces, and one final newline.
  static func normalise(_ text: String) -> String {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
      }
    var joined = lines.joined(separator: "\n")
    while joined.hasSuffix("\n") { joined.removeLast() }
    return joined + "\n"
  }

  /// Expects `actual` to equal the golden file `name`.
  static func expectMatches(
    _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = directory.appendingPathComponent("\(name).txt")
    let actual = normalise(actual)
    if ProcessInfo.processInfo.environment["DEMO_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      actual == expected,
      "transcript differs from Golden/\(name).txt:\n\(diff(expected, actual))",
      sourceLocation: sourceLocation)
  }

  /// The first differing line, with both versions, to make a failure readable.
  private static func diff(_ expected: String, _ actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
      let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
      if want != got {
        return
          "line \(index + 1):\n  expected: \(want)\n  actual:   \(got)\n--- actual ---\n\(actual)"
      }
    }
    return "(no line differs)"
  }
}
