@testable import ConsoleKit
@testable import Demo

/// Records what a terminal session asks of raw mode, instead of switching a terminal.
@MainActor
final class FakeRawMode: RawMode {
  enum Call: Equatable {
    case enter, leave, interrupt
  }

  private(set) var calls: [Call] = []

  /// Whether raw mode is on now.
  var isRaw: Bool {
    calls.last == .enter
  }

  func enter() { calls.append(.enter) }
  func leave() { calls.append(.leave) }
  func interrupt() { calls.append(.interrupt) }
}
