import Foundation
import Testing

@testable import ConsoleKit
@testable import Demo

/// The compact wide table against the Unicode data python3 ships (`unicodedata`): every
/// assigned scalar East Asian Width classes Wide or Fullwidth is two columns (by the table or,
/// for emoji, by its emoji presentation), and the table holds no assigned scalar of another
/// class. Python's Unicode version may differ from Swift's by a release or two; a scalar either
/// side does not know yet is skipped.
@Suite(.timeLimit(.minutes(5)))
struct EastAsianWideTableTests {
  private static let script = """
    import sys, unicodedata
    print(unicodedata.unidata_version)
    for value in range(0x110000):
        character = chr(value)
        if unicodedata.category(character) != "Cn":
            print(value, unicodedata.east_asian_width(character))
    """

  @Test func theTableAgreesWithEastAsianWidthForEveryAssignedScalar() async throws {
    let outcome = try await DemoProcess.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.script], input: Data(),
      environment: ProcessInfo.processInfo.environment)
    #expect(outcome.status == 0)
    let lines = String(decoding: outcome.stdout, as: UTF8.self).split(separator: "\n")
    var missing: [String] = []
    var extra: [String] = []
    var checked = 0
    for line in lines.dropFirst() {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let value = UInt32(fields[0]),
        let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned
      else { continue }
      checked += 1
      let isWide = fields[1] == "W" || fields[1] == "F"
      if isWide, !EastAsianWide.contains(scalar), !scalar.properties.isEmojiPresentation {
        missing.append(String(value, radix: 16))
      }
      if !isWide, EastAsianWide.contains(scalar) {
        extra.append(String(value, radix: 16))
      }
    }
    #expect(checked > 140_000, "python listed \(checked) assigned scalars")
    #expect(missing == [], "wide scalars the table misses")
    #expect(extra == [], "narrow scalars in the table")
  }
}
