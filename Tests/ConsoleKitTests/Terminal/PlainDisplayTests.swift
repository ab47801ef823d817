import Testing

@testable import ConsoleKit

/// The plain display on a terminal (input piped, output a terminal) cuts every line to the
/// terminal's width by display width; into a pipe or a file it prints lines whole.
@MainActor
@Suite struct PlainDisplayTests {
  private static let content = ScreenContent(
    title: "Users", body: [StyledLine("  1. 김민준 민준 김민준 민준", style: .bold)])

  @Test func onATerminalEveryLineIsCutToTheWidth() {
    let output = CapturedOutput()
    let display = PlainDisplay(output: output, size: { TerminalSize(rows: 24, columns: 12) })
    display.show(Self.content)
    display.notice(TerminalText(sanitizing: "a notice longer than the terminal"))
    #expect(output.text == "== Users ==\n  1. 김민…\n[!] a noti…\n")
  }

  @Test func intoAPipeLinesArePrintedWhole() {
    let output = CapturedOutput()
    PlainDisplay(output: output).show(Self.content)
    #expect(output.text == "== Users ==\n  1. 김민준 민준 김민준 민준\n")
  }
}
