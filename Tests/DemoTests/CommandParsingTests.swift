import Testing

@testable import Demo

@Suite struct CommandParsingTests {
  @Test func parsesEveryCommand() {
    #expect(Command.parse("help") == .success(.help))
    #expect(Command.parse("  SEARCH  Le Gr ") == .success(.search("Le Gr")))
    #expect(Command.parse("search") == .success(.search("")))
    #expect(Command.parse("open 3") == .success(.open(3)))
    #expect(Command.parse("more\r") == .success(.more))
    #expect(Command.parse("back") == .success(.back))
    #expect(Command.parse("reload") == .success(.reload))
    #expect(Command.parse("quit") == .success(.quit))
  }
}
