import Testing

@testable import ConsoleKit

@Suite struct TerminalCapabilitiesTests {
  @Test func redrawsOnlyWhenBothEndsAreTerminals() {
    let both = TerminalCapabilities.decide(
      inputIsTerminal: true, outputIsTerminal: true, environment: [:])
    #expect(both == TerminalCapabilities(redraws: true, colors: true, fitsWidth: true))
    let piped = TerminalCapabilities.decide(
      inputIsTerminal: false, outputIsTerminal: true, environment: [:])
    #expect(piped == TerminalCapabilities(redraws: false, colors: true, fitsWidth: true))
    let logged = TerminalCapabilities.decide(
      inputIsTerminal: true, outputIsTerminal: false, environment: [:])
    #expect(logged == .plain)
  }

  @Test func respectsNoColorAndDumbTerminals() {
    let noColor = TerminalCapabilities.decide(
      inputIsTerminal: true, outputIsTerminal: true, environment: ["NO_COLOR": "1"])
    #expect(noColor == TerminalCapabilities(redraws: true, colors: false, fitsWidth: true))
    let emptyNoColor = TerminalCapabilities.decide(
      inputIsTerminal: true, outputIsTerminal: true, environment: ["NO_COLOR": ""])
    #expect(emptyNoColor == TerminalCapabilities(redraws: true, colors: true, fitsWidth: true))
    let dumb = TerminalCapabilities.decide(
      inputIsTerminal: true, outputIsTerminal: true, environment: ["TERM": "dumb"])
    #expect(dumb == TerminalCapabilities(redraws: false, colors: false, fitsWidth: true))
  }
}

@MainActor
@Suite struct TerminalDisplayTests {
  private static let content = ScreenContent(
    title: "Users", body: [StyledLine("  1. Ada", style: .bold)],
    footer: [StyledLine("  -- 1 shown", style: .dim)], hint: "open <n> · quit")

  @Test func redrawsTheWholeFrameInPlaceAndKeepsTheToastUntilTheNextCommand() {
    let output = CapturedOutput()
    let display = TerminalDisplay(output: output, colors: false, size: { .fallback })
    display.show(Self.content)
    display.toast("Saved")
    display.ready()
    let frames = output.text.components(separatedBy: "\u{1B}[H").dropFirst()
    #expect(frames.count == 3)
    let clear = "\u{1B}[K"
    #expect(
      frames.last
        == " Users\(clear)\n \(String(repeating: "─", count: 40))\(clear)\n  1. Ada\(clear)\n"
        + "  -- 1 shown\(clear)\n\(clear)\n ● Saved\(clear)\n open <n> · quit\(clear)\n> \u{1B}[J")

    display.commandBegan("more")
    display.ready()
    #expect(output.text.components(separatedBy: "\u{1B}[H").last?.contains("Saved") == false)
  }

  @Test func colorsOnlyWhenAsked() {
    let plain = CapturedOutput()
    TerminalDisplay(output: plain, colors: false, size: { .fallback }).show(Self.content)
    #expect(!plain.text.contains("\u{1B}[1m"))
    let colored = CapturedOutput()
    TerminalDisplay(output: colored, colors: true, size: { .fallback }).show(Self.content)
    #expect(colored.text.contains("\u{1B}[1m  1. Ada\u{1B}[0m"))
  }

  @Test func cutsLinesToTheTerminalWidth() {
    let line = StyledLine("Leanne ", style: .bold) + StyledLine("Graham")
    #expect(line.truncated(toWidth: 13) == line)
    #expect(line.truncated(toWidth: 10) == StyledLine("Leanne ", style: .bold) + "Gr" + ellipsis)
    #expect(line.truncated(toWidth: 8) == StyledLine("Leanne ", style: .bold) + ellipsis)

    let output = CapturedOutput()
    let display = TerminalDisplay(
      output: output, colors: false, size: { TerminalSize(rows: 24, columns: 12) })
    display.show(ScreenContent(title: "Users", body: [line]))
    #expect(output.text.contains("\nLeanne Gra…\u{1B}[K\n"))
  }

  @Test func clipsALongListToTheTerminalHeight() {
    let output = CapturedOutput()
    let display = TerminalDisplay(
      output: output, colors: false, size: { TerminalSize(rows: 10, columns: 80) })
    var content = Self.content
    content.body = (1...30).map { StyledLine("  \($0). user") }
    display.show(content)
    let lines = output.text.components(separatedBy: "\n")
    #expect(lines.count == 10)
    #expect(lines.contains { $0.hasPrefix("  ⋮ 27 more above") })
    #expect(lines.contains { $0.hasPrefix("  30. user") })
  }
}

@MainActor
@Suite struct TerminalDisplayPaneTests {
  private static let content = ScreenContent(
    title: "Users", body: [StyledLine("  1. Ada")], hint: "open <n> · quit")

  /// The rows of the last frame drawn, without the erase sequences.
  private func lastFrame(_ output: CapturedOutput) -> [String] {
    let frame = output.text.components(separatedBy: "\u{1B}[H").last ?? ""
    return frame.replacingOccurrences(of: "\u{1B}[K", with: "")
      .replacingOccurrences(of: "\u{1B}[J", with: "").components(separatedBy: "\n")
  }

  @Test func theTracePaneShowsTheLastEntriesUnderTheScreen() throws {
    let output = CapturedOutput()
    let display = TerminalDisplay(output: output, colors: false, size: { .fallback })
    display.show(Self.content)
    for number in 1...8 {
      display.trace(
        TraceEntry(
          time: .milliseconds(number), source: "list", kind: .state, text: "state \(number)"))
    }
    let frame = lastFrame(output)
    let hint = try #require(frame.firstIndex(of: " open <n> · quit"))
    let rule = try #require(frame.firstIndex { $0.contains("── trace") })
    #expect(hint < rule)
    let pane = frame[(rule + 1)...].prefix(TerminalDisplay.tracePaneEntries)
    #expect(pane.first == " +0.003s  list       state   state 3")
    #expect(pane.last == " +0.008s  list       state   state 8")
  }

  @Test func theSearchFieldTakesThePromptRowWithItsStatusAbove() {
    let output = CapturedOutput()
    let display = TerminalDisplay(output: output, colors: false, size: { .fallback })
    display.show(Self.content)
    var field = SearchField(text: "")
    _ = field.apply(.text("l"))
    display.showSearchField(SearchFieldView(field, waitingForPause: .milliseconds(300)))
    #expect(
      lastFrame(output).suffix(2) == [
        "  ⋯ waiting for typing to pause (300 ms), then searching", " / l",
      ])
    display.showSearchField(SearchFieldView(field, waitingForPause: nil))
    #expect(
      lastFrame(output).suffix(2) == [
        "  Enter keeps these results · Esc goes back to everyone · Ctrl-U clears", " / l",
      ])
    display.showSearchField(nil)
    #expect(lastFrame(output).last == "> ")
  }
}

/// What a cut line ends with.
private let ellipsis = StyledLine("…", style: .dim)
