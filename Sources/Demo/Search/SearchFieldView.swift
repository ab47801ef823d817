import UserFeature

/// What a display shows of an open search field: its text and whether the debounce is waiting
/// for typing to pause. The text is sanitized and bounded by ``SearchField``.
struct SearchFieldView: Equatable, Sendable {
  /// The text typed so far.
  var text: TerminalText
  /// The text the field started with, which Esc goes back to.
  var original: TerminalText
  /// A search is waiting for typing to pause (300 ms) before it runs.
  var isWaitingForPause: Bool

  init(_ field: SearchField, isWaitingForPause: Bool) {
    text = TerminalText(sanitizing: field.text)
    original = TerminalText.quoting(field.original)
    self.isWaitingForPause = isWaitingForPause
  }
}

extension SearchFieldView {
  /// The line above the field: the debounce waiting, or what the keys do.
  var status: StyledLine {
    if isWaitingForPause {
      let pause = UserListViewModel.searchDebounce.milliseconds
      return StyledLine(
        "  ⋯ waiting for typing to pause (\(pause) ms), then searching", style: .accent)
    }
    let back: TerminalText = original.isEmpty ? "everyone" : "\"\(original)\""
    return StyledLine(
      "  Enter keeps these results · Esc goes back to \(back) · Ctrl-U clears", style: .dim)
  }

  /// The field itself, where the prompt is: `/ ` and the text, the cursor after it.
  var line: StyledLine {
    StyledLine(" / ", style: .accent) + StyledLine(text, style: .bold)
  }
}
