/// Line-oriented output for pipes, logs and tests: every state is printed as a block, every
/// event and notice as one line, every command echoed as `> command`. Nothing is redrawn, no
/// escape sequence is written unless `colors` is on (all text is ``TerminalText``, which holds
/// none), and the text depends only on what happened, never on timing.
@MainActor
public final class PlainDisplay: Display {
  private let output: any OutputSink
  private let colors: @MainActor () -> Bool
  private let size: (() -> TerminalSize)?
  /// The last screen printed, to avoid printing an unchanged list twice in a row.
  private var lastShown: ScreenContent?

  /// - Parameters:
  ///   - colors: write the styles as ANSI colour sequences.
  ///   - size: when output goes to a terminal (input piped), reads its size so that every line is
  ///     cut to one column less than its width and never wraps; `nil` (a pipe or a file) prints
  ///     lines whole.
  public convenience init(
    output: any OutputSink, colors: Bool = false, size: (() -> TerminalSize)? = nil
  ) {
    self.init(output: output, colorsFrom: { colors }, size: size)
  }

  /// Like ``init(output:colors:size:)``, asking `colorsFrom` before every line whether to
  /// colour it (the settings can turn colour on and off while the app runs).
  public init(
    output: any OutputSink, colorsFrom colors: @escaping @MainActor () -> Bool,
    size: (() -> TerminalSize)? = nil
  ) {
    self.output = output
    self.colors = colors
    self.size = size
  }

  /// As ``Display`` requires.
  public func commandBegan(_ line: TerminalText) {
    write(StyledLine("> ", style: .dim) + StyledLine(line, style: .bold))
  }

  /// Prints `content` as a block: a `== title: subtitle ==` header, the body, the footer and
  /// a `... progress` line. A blank screen (nothing loaded yet) prints nothing. When the body is
  /// the same as in the block printed just before (a list that starts loading more, or a
  /// refresh), it is replaced by `(as above)`.
  public func show(_ content: ScreenContent) {
    guard !content.isBlank else { return }
    var header = StyledLine("== ", style: .dim) + StyledLine(content.title, style: .bold)
    if let subtitle = content.subtitle {
      header = header + StyledLine(": \(subtitle)")
    }
    write(header + StyledLine(" ==", style: .dim))
    if let lastShown, !content.body.isEmpty, lastShown.title == content.title,
      lastShown.subtitle == content.subtitle, lastShown.body == content.body
    {
      write(StyledLine("  (as above)", style: .dim))
    } else {
      for line in content.body {
        write(line)
      }
    }
    for line in content.footer {
      write(line)
    }
    if let progress = content.progress {
      write(StyledLine("  ... \(progress.text)", style: .accent))
    }
    lastShown = content
  }

  /// As ``Display`` requires.
  public func toast(_ message: TerminalText) {
    write(StyledLine("[toast] ", style: .warning) + StyledLine(message))
  }

  /// As ``Display`` requires.
  public func notice(_ message: TerminalText) {
    write(StyledLine("[!] ", style: .failure) + StyledLine(message))
  }

  /// As ``Display`` requires.
  public func inform(_ lines: [StyledLine]) {
    for line in lines {
      write(line)
    }
  }

  /// Nothing: the search field is opened only on a terminal, which ``TerminalDisplay`` draws.
  public func showSearchField(_ field: SearchFieldView?) {}

  /// Prints `[trace] ` and the entry's line.
  public func trace(_ entry: TraceEntry) {
    write(StyledLine("[trace] ", style: .dim) + entry.line)
  }

  /// As ``Display`` requires.
  public func ready() {}

  /// As ``Display`` requires.
  public func finish() {}

  private func write(_ line: StyledLine) {
    let fitted = size.map { line.truncated(toWidth: $0().columns - 1) } ?? line
    output.write(ANSI.render(fitted, colors: colors()) + "\n")
  }
}
