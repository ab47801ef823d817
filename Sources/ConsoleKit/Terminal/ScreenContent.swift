/// What one screen shows for one state, independent of how it is drawn. A screen turns its
/// view model's state into this value; a ``Display`` draws it (redrawn in place on a terminal,
/// printed as a block of lines when piped). All of it is ``TerminalText``: a screen sanitizes
/// what it got from outside when it builds this value.
public struct ScreenContent: Equatable, Sendable {
  /// Work in progress, shown as a spinner on a terminal and as a progress line when piped.
  public struct Progress: Equatable, Sendable {
    /// What is in progress, for example "Loading users".
    public let text: TerminalText

    /// Progress described by `text`.
    public init(text: TerminalText) {
      self.text = text
    }
  }

  /// The screen's name, for example "Users".
  public var title: TerminalText
  /// What the screen is showing, for example `matching "le"`; `nil` for nothing extra.
  public var subtitle: TerminalText?
  /// The main lines: a numbered list, a detail card, an empty or error message.
  public var body: [StyledLine]
  /// Lines under the body about it, for example the paging hint.
  public var footer: [StyledLine]
  /// A load in flight, or `nil` when the screen is idle.
  public var progress: Progress?
  /// The commands that make sense now, for example `open <n> · more · back`.
  public var hint: TerminalText?
  /// The text a search field opened on this screen starts with (the query shown, as typed), or
  /// `nil` when the screen has no search.
  public var search: String?

  /// A screen; everything but the title is optional.
  public init(
    title: TerminalText, subtitle: TerminalText? = nil, body: [StyledLine] = [],
    footer: [StyledLine] = [], progress: Progress? = nil, hint: TerminalText? = nil,
    search: String? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.footer = footer
    self.progress = progress
    self.hint = hint
    self.search = search
  }
}

extension ScreenContent {
  /// Whether there is nothing to show yet (a screen whose view model has not started): no
  /// body, no footer, no progress.
  public var isBlank: Bool {
    body.isEmpty && footer.isEmpty && progress == nil
  }
}
