/// Full-screen output for a person at a terminal: the whole frame is redrawn in place on every
/// change, a spinner turns while something loads, and transient lines (a toast, a notice, the
/// help) stay under the screen until the next command is entered.
///
/// With `--trace`, a pane under the screen shows the last ``tracePaneEntries`` trace entries,
/// newest last; every entry redraws the frame, so each one is on screen at least once.
///
/// Every line is cut to the terminal's width by display width (see ``DisplayWidth``), so wide
/// characters never make a row wrap. The only escape sequences written are its own: cursor
/// home, erase to end of line and screen, and the styles' colours.
@MainActor
public final class TerminalDisplay: Display {
  private static let spinnerFrames: [TerminalText] = [
    "⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏",
  ]
  /// The line under the title.
  private static let rule: TerminalText = " ────────────────────────────────────────"
  /// The title of the trace pane.
  private static let traceRule: TerminalText = " ── trace ───────────────────────────────"
  /// How many trace entries the pane shows.
  public static let tracePaneEntries = 6

  private let output: any OutputSink
  private let colors: @MainActor () -> Bool
  private let size: () -> TerminalSize
  private var content: ScreenContent?
  private var transient: [StyledLine] = []
  private var traceLines: [StyledLine] = []
  private var searchField: SearchFieldView?
  private var spinnerFrame = 0
  private var spinner: Task<Void, Never>?

  /// - Parameters:
  ///   - size: reads the terminal size; called on every redraw so resizing is picked up.
  public convenience init(
    output: any OutputSink, colors: Bool,
    size: @escaping () -> TerminalSize = TerminalSize.current
  ) {
    self.init(output: output, colorsFrom: { colors }, size: size)
  }

  /// Like ``init(output:colors:size:)``, asking `colorsFrom` on every redraw whether to colour
  /// (the settings can turn colour on and off while the app runs).
  public init(
    output: any OutputSink, colorsFrom colors: @escaping @MainActor () -> Bool,
    size: @escaping () -> TerminalSize = TerminalSize.current
  ) {
    self.output = output
    self.colors = colors
    self.size = size
  }

  /// As ``Display`` requires.
  public func commandBegan(_ line: TerminalText) {
    transient = []
  }

  /// As ``Display`` requires.
  public func show(_ content: ScreenContent) {
    self.content = content
    updateSpinner()
    redraw()
  }

  /// As ``Display`` requires.
  public func toast(_ message: TerminalText) {
    transient.append(StyledLine(" ● ", style: .warning) + StyledLine(message, style: .bold))
    redraw()
  }

  /// As ``Display`` requires.
  public func notice(_ message: TerminalText) {
    transient.append(StyledLine(" ! ", style: .failure) + StyledLine(message))
    redraw()
  }

  /// As ``Display`` requires.
  public func inform(_ lines: [StyledLine]) {
    transient.append(contentsOf: lines)
    redraw()
  }

  /// As ``Display`` requires.
  public func ready() {
    redraw()
  }

  /// As ``Display`` requires.
  public func showSearchField(_ field: SearchFieldView?) {
    searchField = field
    redraw()
  }

  /// As ``Display`` requires.
  public func trace(_ entry: TraceEntry) {
    traceLines.append(StyledLine(" ") + entry.line)
    if traceLines.count > Self.tracePaneEntries {
      traceLines.removeFirst(traceLines.count - Self.tracePaneEntries)
    }
    redraw()
  }

  /// As ``Display`` requires.
  public func finish() {
    spinner?.cancel()
    spinner = nil
    output.write("\n")
  }

  /// Starts the spinner while the screen shows progress, stops it otherwise.
  private func updateSpinner() {
    guard content?.progress != nil else {
      spinner?.cancel()
      spinner = nil
      return
    }
    guard spinner == nil else { return }
    spinner = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(80))
        guard let self, !Task.isCancelled else { return }
        self.spinnerFrame = (self.spinnerFrame + 1) % Self.spinnerFrames.count
        self.redraw()
      }
    }
  }

  private func redraw() {
    let size = size()
    let colors = colors()
    let lines = frame(rows: size.rows)
    var text = "\u{1B}[H"
    for line in lines {
      // One terminal row per line: a wrapped line would push the frame off the screen.
      let fitted = line.truncated(toWidth: size.columns - 1)
      text += ANSI.render(fitted, colors: colors) + "\u{1B}[K\n"
    }
    // The last row: the search field when it is open, else the prompt; the cursor stays there.
    let prompt = searchField?.line ?? StyledLine("> ", style: .accent)
    text += ANSI.render(prompt.truncated(toWidth: size.columns - 1), colors: colors) + "\u{1B}[J"
    output.write(text)
  }

  /// The lines of one frame, clipped to the terminal height (the prompt or the search field
  /// takes the last row).
  private func frame(rows: Int) -> [StyledLine] {
    var header: [StyledLine] = []
    var body: [StyledLine] = []
    var footer: [StyledLine] = []
    if let content {
      var title = StyledLine(" \(content.title)", style: .bold)
      if let subtitle = content.subtitle {
        title = title + StyledLine("  \(subtitle)", style: .dim)
      }
      header = [title, StyledLine(Self.rule, style: .dim)]
      body = content.body + content.footer
      if let progress = content.progress {
        body.append(
          StyledLine("  \(Self.spinnerFrames[spinnerFrame]) ", style: .accent)
            + StyledLine(progress.text, style: .accent))
      }
      footer.append("")
      footer.append(contentsOf: transient)
      if let hint = content.hint {
        footer.append(StyledLine(" \(hint)", style: .dim))
      }
    } else {
      footer = transient
    }
    if !traceLines.isEmpty {
      footer.append(StyledLine(Self.traceRule, style: .dim))
      footer.append(contentsOf: traceLines)
    }
    if let searchField {
      footer.append(searchField.status)
    }
    let available = max(rows - 1 - header.count - footer.count, 2)
    if body.count > available {
      let hidden = body.count - available + 1
      body = [StyledLine("  ⋮ \(hidden) more above", style: .dim)] + body.suffix(available - 1)
    }
    return header + body + footer
  }
}
