@testable import ConsoleKit
@testable import Demo

/// A display that records every call in order, so a test can assert exactly what the screens
/// drew (state) and announced (events), and in which order.
@MainActor
final class RecordingDisplay: Display {
  enum Call: Equatable {
    case command(TerminalText)
    case show(ScreenContent)
    case toast(TerminalText)
    case notice(TerminalText)
    case inform
    case searchField(SearchFieldView?)
    case trace(TraceEntry.Kind, source: TerminalText, text: TerminalText)
    case ready
    case finish
  }

  private(set) var calls: [Call] = []

  /// The calls recorded after the first `count` ones.
  func calls(after count: Int) -> [Call] {
    Array(calls.dropFirst(count))
  }

  func commandBegan(_ line: TerminalText) { calls.append(.command(line)) }
  func show(_ content: ScreenContent) { calls.append(.show(content)) }
  func toast(_ message: TerminalText) { calls.append(.toast(message)) }
  func notice(_ message: TerminalText) { calls.append(.notice(message)) }
  func inform(_ lines: [StyledLine]) { calls.append(.inform) }
  func showSearchField(_ field: SearchFieldView?) { calls.append(.searchField(field)) }
  func trace(_ entry: TraceEntry) {
    calls.append(.trace(entry.kind, source: entry.source, text: entry.text))
  }
  func ready() { calls.append(.ready) }
  func finish() { calls.append(.finish) }
}
