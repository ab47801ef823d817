/// What a display shows of an open search field: its text and whether the debounce is waiting
/// for typing to pause. The text is sanitized and bounded by ``SearchField``.
public struct SearchFieldView: Equatable, Sendable {
  /// The text typed so far.
  public var text: TerminalText
  /// The text the field started with, which Esc goes back to.
  public var original: TerminalText
  /// How long typing must pause before the waiting search runs; `nil` when none waits.
  public var waitingForPause: Duration?

  /// What `field` shows; `waitingForPause` is the pause a waiting search needs, `nil` if none.
  public init(_ field: SearchField, waitingForPause: Duration?) {
    text = TerminalText(sanitizing: field.text)
    original = TerminalText.quoting(field.original)
    self.waitingForPause = waitingForPause
  }
}

extension SearchFieldView {
  /// The line above the field: the debounce waiting, or what the keys do.
  public var status: StyledLine {
    if let pause = waitingForPause?.milliseconds {
      return StyledLine(
        "  ⋯ waiting for typing to pause (\(pause) ms), then searching", style: .accent)
    }
    let back: TerminalText = original.isEmpty ? "everyone" : "\"\(original)\""
    return StyledLine(
      "  Enter keeps these results · Esc goes back to \(back) · Ctrl-U clears", style: .dim)
  }

  /// The field itself, where the prompt is: `/ ` and the text, the cursor after it.
  public var line: StyledLine {
    StyledLine(" / ", style: .accent) + StyledLine(text, style: .bold)
  }
}
