import Foundation
import Testing

@testable import ConsoleKit
@testable import Demo

/// On a terminal, commands are lines the terminal edits: `/` is a command like the others, and
/// the search field opens when Enter sends it (`SearchAsYouTypeTests` types `/` then Enter).
/// What the app and the README say about `/` says so too; before, they said that `/` alone
/// opens the field.
@Suite struct SearchFieldWordsTests {
  static let readme = PackageRoot.url.appendingPathComponent("README.md")

  @MainActor @Test func theTerminalHelpSaysSlashThenEnter() {
    let help = DemoApp.terminalHelpLines.map(\.plainText).joined(separator: "\n")
    #expect(help.contains("/ then Enter"))
  }

  @Test func theUsageSaysSlashAndEnter() {
    let usage = Usage.text.replacingOccurrences(of: "\n    ", with: " ")
    #expect(usage.contains("\"/\" and Enter open a search field"))
  }

  @Test func theReadmeSaysSlashThenEnter() throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    #expect(readme.contains("`/` then Enter (a command like the others) opens a search field"))
    #expect(!readme.contains("`/` opens a search field"))
  }
}
