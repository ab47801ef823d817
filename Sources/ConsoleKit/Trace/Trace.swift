/// The demo's trace (`--trace`): a timeline of what flowed between view models and screens,
/// handed entry by entry to the display (a pane under the screen on a terminal, one
/// `[trace] …` line each when piped).
@MainActor
public final class Trace {
  private let display: any Display
  private let clock: @MainActor () -> Duration

  /// - Parameter clock: the time since the app started, read once per entry.
  public init(display: any Display, clock: @escaping @MainActor () -> Duration) {
    self.display = display
    self.clock = clock
  }

  /// Adds an entry now.
  public func record(_ source: TerminalText, _ kind: TraceEntry.Kind, _ text: TerminalText = "") {
    display.trace(TraceEntry(time: clock(), source: source, kind: kind, text: text))
  }
}
