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
    #expect(Command.parse(" / ") == .success(.searchField))
  }

  @Test func blankLinesAreNotCommands() {
    #expect(Command.parse("") == nil)
    #expect(Command.parse(" \t ") == nil)
  }

  @Test func badLinesGiveOneLineMessages() {
    #expect(
      Command.parse("fly away")
        == .failure(
          CommandError(message: "Unknown command 'fly'. Type 'help' for the list of commands.")))
    #expect(
      Command.parse("open two")
        == .failure(CommandError(message: "open needs a list number like 'open 2', got 'two'.")))
    #expect(
      Command.parse("back now")
        == .failure(CommandError(message: "'back' takes no argument, got 'now'.")))
  }
}
