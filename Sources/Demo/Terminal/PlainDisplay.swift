/// Line-oriented output for pipes, logs and tests: every state is printed as a block, every
/// event and notice as one line, every command echoed as `> command`. Nothing is redrawn, no
/// escape sequence is written unless `colors` is on, and the text depends only on what
/// happened, never on timing.
@MainActor
final class PlainDisplay: Display {
  private let output: any OutputSink
  private let colors: Bool
  /// The last screen printed, to avoid printing an unchanged list twice in a row.
  private var lastShown: ScreenContent?

  init(output: any OutputSink, colors: Bool = false) {
    self.output = output
    self.colors = colors
  }

  func commandBegan(_ line: String) {
    write(StyledLine("> ", style: .dim) + StyledLine(line, style: .bold))
  }

  /// Prints `content` as a block: a `== title: subtitle ==` header, the body, the footer and
  /// a `... progress` line. A blank screen (nothing loaded yet) prints nothing. When the body is
  /// the same as in the block printed just before (a list that starts loading more, or a
  /// refresh), it is replaced by `(as above)`.
  func show(_ content: ScreenContent) {
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

  func toast(_ message: String) {
    write(StyledLine("[toast] ", style: .warning) + StyledLine(message))
  }

  func notice(_ message: String) {
    write(StyledLine("[!] ", style: .failure) + StyledLine(message))
  }

  func inform(_ lines: [StyledLine]) {
    for line in lines {
      write(line)
    }
  }

  func ready() {}

  func finish() {}

  private func write(_ line: StyledLine) {
    output.write(ANSI.render(line, colors: colors) + "\n")
  }
}
