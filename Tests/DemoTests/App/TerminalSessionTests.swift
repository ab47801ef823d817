import Signals
import SignalsTesting
import Testing
import UserFeature

@testable import ConsoleKit
@testable import Demo

/// A terminal session in-process, on virtual time: input arrives in chunks as a terminal sends
/// it; raw mode is a fake that records. Debounce timing is decided by the test's clock, so
/// "typing faster than the debounce" is exact here (the pseudo-terminal tests show the same with
/// real time).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalSessionTests {
  private let demo: DemoSession
  private let rawMode = FakeRawMode()
  private let display = RecordingDisplay()
  private let session: TerminalSession

  init() throws {
    demo = try DemoSession(display: display, interactive: true)
    session = TerminalSession(app: demo.app, display: display, rawMode: rawMode)
  }

  /// The list screen's view model.
  private var list: UserListViewModel {
    get throws { try #require(demo.app.navigation.screens.first as? UserListScreen).viewModel }
  }

  /// Starts the session and lets the first load finish.
  private func start() async throws {
    session.start()
    try await list.state.waitUntil { !$0.isBusy }
  }

  /// Sends `text` as one read.
  @discardableResult
  private func send(_ text: String) -> Bool {
    session.consume(Array(text.utf8)[...])
  }

  /// Starts, opens the field, types `text` in one read and lets typing pause.
  private func searchInTheField(_ text: String) async throws {
    try await start()
    send("/\n")
    send(text)
    try await pass(.milliseconds(900))
  }

  /// Lets `time` pass on the virtual clock, then waits for any request it started.
  private func pass(_ time: Duration) async throws {
    demo.scheduler.advance(by: time)
    try await list.state.waitUntil { !$0.isBusy }
  }

  @Test func rawModeIsOnOnlyWhileTheFieldIsOpen() async throws {
    try await start()
    send("more\n")
    #expect(rawMode.calls == [])
    send("/\n")
    #expect(rawMode.calls == [.enter])
    send("ab")
    #expect(rawMode.isRaw)
    send("\r")
    #expect(rawMode.calls == [.enter, .leave])
    send("/\n")
    send("\u{1B}")
    #expect(rawMode.calls == [.enter, .leave, .enter, .leave])
  }

  /// One read may hold a command, keys typed in the field and the next command: each part goes
  /// to the mode it was typed in.
  @Test func aReadIsSplitBetweenCommandsAndKeys() async throws {
    try await start()
    let before = display.calls.count
    #expect(send("/\nle\rhelp\n"))
    #expect(rawMode.calls == [.enter, .leave])
    #expect(display.calls(after: before).contains(.inform))
    try await pass(UserListViewModel.searchDebounce)
    #expect(try list.state.value.query == "le")
  }

  /// Enter closing the field, then `quit` and Enter, all in one read: typed in raw mode, so the
  /// command ends with CR, not LF. Before, `quit` never ran and merged with the next line.
  @Test(arguments: ["quit\r", "quit\r\n"])
  func aCommandTypedAheadInRawModeRuns(_ typedAhead: String) async throws {
    try await start()
    #expect(send("/\nle\r" + typedAhead) == false, "quit ran")
    #expect(rawMode.calls == [.enter, .leave])
  }

  /// After the field closes, CR LF typed in raw mode ends one line, not two.
  @Test func typedAheadCarriageReturnLineFeedEndsOneLine() async throws {
    try await start()
    let before = display.calls.count
    #expect(send("/\n\rhelp\r\nhelp\n"))
    #expect(display.calls(after: before).filter { $0 == .inform }.count == 2)
  }

  /// Esc closing the field, then `quit`, each in its own read (as a person types them): the
  /// command after Esc runs. (Issue 33: it was dropped, `uit` an unknown command.)
  @Test func aCommandTypedAfterEscRuns() async throws {
    try await start()
    send("/\n")
    send("\u{1B}")
    #expect(send("quit\n") == false, "quit ran")
    #expect(rawMode.calls == [.enter, .leave])
  }

  /// ESC and a key in one read is Alt+key, as a terminal sends it: dropped, the field stays open
  /// and the rest is typed into it. (Issue 40: the field closed and the rest waited, unseen, on
  /// the command line: `ab` Esc `xyz`, Ctrl-U, `help` ran "xyzhelp".)
  @Test func escAndAKeyInOneReadIsAltAndTheFieldStaysOpen() async throws {
    try await start()
    send("/\n")
    send("ab\u{1B}xyz")
    #expect(rawMode.calls == [.enter])
    let before = display.calls.count
    send("\u{15}help")
    #expect(rawMode.calls == [.enter])
    #expect(
      display.calls(after: before).contains { call in
        if case .searchField(let view?) = call { return view.text == "help" }
        return false
      })
  }

  /// A line left unfinished in the read in which the field closed is not kept for the next
  /// line: it is dropped, and a notice shows it (issue 40).
  @Test func anUnfinishedLineTypedAsTheFieldClosesIsShownAndDropped() async throws {
    try await start()
    send("/\n")
    let before = display.calls.count
    send("ab\rxyz")
    #expect(rawMode.calls == [.enter, .leave])
    #expect(
      display.calls(after: before).contains { call in
        if case .notice(let text) = call { return "\(text)".contains("'xyz'") }
        return false
      })
    #expect(send("quit\n") == false, "quit ran alone, not as xyzquit")
  }

  @Test func typingFasterThanTheDebounceFetchesOnceWithTheWholeText() async throws {
    try await start()
    send("/\n")
    for key in ["l", "e", "a", "n"] {
      send(key)
      demo.scheduler.advance(by: .milliseconds(20))
    }
    try await pass(UserListViewModel.searchDebounce)
    #expect(demo.gatedClient.requests == [#"users "" page 1"#, #"users "lean" page 1"#])
  }

  @Test func aPauseBetweenWordsFetchesOncePerPause() async throws {
    try await searchInTheField("le")
    send("an")
    try await pass(.milliseconds(900))
    #expect(
      demo.gatedClient.requests == [
        #"users "" page 1"#, #"users "le" page 1"#, #"users "lean" page 1"#,
      ])
  }

  @Test func escapeGoesBackToTheQueryTheFieldStartedWith() async throws {
    try await searchInTheField("zzz")
    #expect(try list.state.value == .empty(query: "zzz"))
    send("\u{1B}")
    try await pass(.milliseconds(900))
    #expect(try list.state.value.query == "")
    #expect(try list.state.value.users.count == 10)
  }

  @Test func backspacingToNothingShowsEveryone() async throws {
    try await searchInTheField("le")
    send("\u{7F}")
    send("\u{7F}")
    try await pass(.milliseconds(900))
    #expect(try list.state.value.query == "")
    #expect(demo.gatedClient.requests.last == #"users "" page 1"#)
  }

  /// The field shows when the debounce waits, and goes away when it closes.
  @Test func theFieldShowsTheTextAndTheWaitingDebounce() async throws {
    try await start()
    send("/\n")
    send("l")
    #expect(display.calls.last == .searchField(view("l", waiting: true)))
    try await pass(UserListViewModel.searchDebounce)
    #expect(display.calls.contains(.searchField(view("l", waiting: false))))
    send("\r")
    #expect(display.calls.contains(.searchField(nil)))
  }

  /// A paste is one read of many keys: the field is drawn once for it, with the text it leaves
  /// (before, once per key: 2,048 redraws here).
  @Test func aPasteRedrawsTheFieldOnceWithTheTextItLeaves() async throws {
    try await start()
    send("/\n")
    let before = display.calls.count

    send(String(repeating: "x\u{15}", count: 1024) + "le")

    let fields = display.calls[before...].filter {
      if case .searchField = $0 { return true }
      return false
    }
    #expect(fields == [.searchField(view("le", waiting: true))])
  }

  @Test func ctrlCLeavesRawModeThenInterrupts() async throws {
    try await start()
    send("/\n")
    send("a\u{03}")
    #expect(rawMode.calls == [.enter, .leave, .interrupt])
  }

  @Test func theEndOfInputLeavesRawMode() async throws {
    try await start()
    send("/\n")
    send("a")
    session.endOfInput()
    #expect(rawMode.calls == [.enter, .leave])
  }

  @Test func aLastCommandWithoutANewlineIsCarriedOutAtTheEndOfInput() async throws {
    try await start()
    send("help")
    let before = display.calls.count
    session.endOfInput()
    #expect(display.calls(after: before).first == .command("help"))
  }

  @Test func theFieldOpensOnlyOnTheList() async throws {
    try await start()
    send("open 1\n")
    try await #require(demo.app.navigation.top as? UserDetailScreen).viewModel.state.waitUntil {
      !$0.isBusy
    }
    send("/\n")
    #expect(rawMode.calls == [])
    #expect(
      display.calls.contains(
        .notice("The search field works on the user list; type 'back' to return to it.")))
  }

  /// `help` on a terminal adds the search field and `--trace` to the piped list.
  @Test func helpOnATerminalMentionsTheSearchFieldAndTheTrace() {
    let piped = DemoApp.helpLines.map(\.plainText)
    let terminal = DemoApp.terminalHelpLines.map(\.plainText)
    #expect(Array(terminal.prefix(piped.count)) == piped)
    #expect(
      terminal.contains { $0.hasPrefix("  / then Enter ") && $0.contains("search as you type") })
    #expect(terminal.contains { $0.contains("--trace") })
  }

  @Test func quitEndsTheSession() async throws {
    try await start()
    #expect(!send("quit\n"))
  }

  private func view(_ text: String, waiting: Bool) -> SearchFieldView {
    var field = SearchField(text: "")
    for scalar in text.unicodeScalars {
      _ = field.apply(.text(scalar))
    }
    return SearchFieldView(field, waitingForPause: waiting ? .milliseconds(300) : nil)
  }
}
