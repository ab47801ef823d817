import ConsoleKit
import DemoShared
import Foundation

/// One line typed by the user, understood.
enum Command: Equatable, Sendable {
  /// List the commands.
  case help
  /// Load the screen's content again.
  case reload
  /// Show the users matching the text (`""` for everyone).
  case search(String)
  /// Load the next page of the list.
  case more
  /// Open the user shown at this 1-based position in the list.
  case open(Int)
  /// Open the search field (`/`, on a terminal): search as you type.
  case searchField
  /// Leave the current screen.
  case back
  /// Open the settings screen.
  case settings
  /// Settings screen: users per page of the list, from its next load.
  case pageSize(Int)
  /// Settings screen: the simulated latency of each request to the bundled users.
  case latency(Duration)
  /// Settings screen: styled output on or off.
  case colors(Bool)
  /// Exit the app.
  case quit
}

/// A line that is not a command, with the one-line message to show. The message quotes what was
/// typed through ``TerminalText/quoting(_:)``: sanitized and cut short.
struct CommandError: Error, Equatable, Sendable {
  let message: TerminalText
}

extension Command {
  /// Every command with a one-line description, in the order `help` lists them.
  static let reference: [(usage: TerminalText, summary: TerminalText)] = [
    ("help", "show this list"),
    ("reload", "load the screen again"),
    ("search <text>", "show the users matching <text> (\"search\" alone shows everyone)"),
    ("more", "load the next page of users"),
    ("open <n>", "open user number <n> of the list"),
    ("back", "go back to the previous screen"),
    ("settings", "open the settings: page size, latency, colour"),
    ("page-size <n>", "on the settings screen: users per page, 1 to 50"),
    ("latency <ms>", "on the settings screen: simulated latency, 0 to 60000"),
    ("colour on|off", "on the settings screen: coloured output"),
    ("quit", "exit (end of input does too)"),
  ]

  /// Parses one input line. Leading and trailing spaces are ignored, the command word is
  /// case-insensitive, and the search text is kept as typed. Returns `nil` for a blank line.
  static func parse(_ line: String) -> Result<Command, CommandError>? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    let word: Substring
    let argument: String
    if let space = trimmed.firstIndex(where: \.isWhitespace) {
      word = trimmed[..<space]
      argument = trimmed[space...].trimmingCharacters(in: .whitespacesAndNewlines)
    } else {
      word = trimmed[...]
      argument = ""
    }
    switch word.lowercased() {
    case "help", "?":
      return noArgument(.help, word, argument)
    case "reload", "refresh":
      return noArgument(.reload, word, argument)
    case "search", "find":
      return .success(.search(argument))
    case "more", "next":
      return noArgument(.more, word, argument)
    case "open":
      guard let index = Int(argument), index > 0 else {
        let got: TerminalText = argument.isEmpty ? "no number" : "'\(.quoting(argument))'"
        return .failure(
          CommandError(message: "open needs a list number like 'open 2', got \(got)."))
      }
      return .success(.open(index))
    case "back":
      return noArgument(.back, word, argument)
    case "settings":
      return noArgument(.settings, word, argument)
    case "page-size", "pagesize":
      return number(
        argument, in: DemoSettings.pageSizes, command: "page-size", unit: "a number of users"
      ).map(Command.pageSize)
    case "latency":
      return number(
        argument, in: DemoSettings.latencyMilliseconds, command: "latency", unit: "milliseconds"
      ).map { .latency(.milliseconds($0)) }
    case "colour", "color":
      switch argument.lowercased() {
      case "on": return .success(.colors(true))
      case "off": return .success(.colors(false))
      default:
        let got: TerminalText = argument.isEmpty ? "nothing" : "'\(.quoting(argument))'"
        return .failure(CommandError(message: "colour needs 'on' or 'off', got \(got)."))
      }
    case "quit", "exit", "q":
      return noArgument(.quit, word, argument)
    case "/":
      return noArgument(.searchField, word, argument)
    default:
      return .failure(
        CommandError(
          message: "Unknown command '\(.quoting(word))'. Type 'help' for the list of commands."))
    }
  }

  /// The whole number `argument`, if it is in `range`.
  private static func number(
    _ argument: String, in range: ClosedRange<Int>, command: TerminalText, unit: TerminalText
  ) -> Result<Int, CommandError> {
    guard let value = Int(argument), range.contains(value) else {
      let got: TerminalText = argument.isEmpty ? "nothing" : "'\(.quoting(argument))'"
      return .failure(
        CommandError(
          message:
            "\(command) needs \(unit) from \(range.lowerBound) to \(range.upperBound), got \(got)."
        ))
    }
    return .success(value)
  }

  private static func noArgument(
    _ command: Command, _ word: Substring, _ argument: String
  ) -> Result<Command, CommandError> {
    guard argument.isEmpty else {
      return .failure(
        CommandError(message: "'\(.quoting(word))' takes no argument, got '\(.quoting(argument))'.")
      )
    }
    return .success(command)
  }
}

extension Command {
  /// The command's name, for messages.
  var word: TerminalText {
    switch self {
    case .help: "help"
    case .reload: "reload"
    case .search: "search"
    case .more: "more"
    case .open: "open"
    case .searchField: "/"
    case .back: "back"
    case .settings: "settings"
    case .pageSize: "page-size"
    case .latency: "latency"
    case .colors: "colour"
    case .quit: "quit"
    }
  }
}

extension Command {
  /// The notice for this command typed on a screen that does not handle it: where it works.
  /// The one place a new screen-specific command says where it belongs.
  var elsewhere: TerminalText {
    switch self {
    case .reload, .search, .more, .open:
      "'\(word)' works on the user list; type 'back' to return to it."
    case .pageSize, .latency, .colors:
      "'\(word)' works on the settings screen; type 'settings' to open it."
    case .help, .searchField, .back, .settings, .quit:
      "'\(word)' does nothing on this screen."
    }
  }
}
