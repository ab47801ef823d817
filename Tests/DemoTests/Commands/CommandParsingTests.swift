import Testing

@testable import ConsoleKit
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
    #expect(Command.parse("settings") == .success(.settings))
    #expect(Command.parse("page-size 5") == .success(.pageSize(5)))
    #expect(Command.parse("latency 0") == .success(.latency(.zero)))
    #expect(Command.parse("latency 60000") == .success(.latency(.milliseconds(60_000))))
    #expect(Command.parse("colour ON") == .success(.colors(true)))
    #expect(Command.parse("color off") == .success(.colors(false)))
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
    #expect(
      Command.parse("page-size 51")
        == .failure(
          CommandError(message: "page-size needs a number of users from 1 to 50, got '51'.")))
    #expect(
      Command.parse("latency 60001")
        == .failure(
          CommandError(message: "latency needs milliseconds from 0 to 60000, got '60001'.")))
  }
}
