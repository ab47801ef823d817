import Signals

/// How far the iteration of an `AsyncSequence` behind an ``AsyncSequenceEvents`` or an
/// ``AsyncSequenceProperty`` has gone.
public enum SequenceIteration: Sendable {
  /// Not started yet: an ``AsyncSequenceEvents`` starts iterating at its first subscription.
  case notStarted
  /// Iterating: the bridge waits for, or delivers, the next element.
  case running
  /// The sequence ended (its iterator returned `nil`). Nothing more is delivered.
  case finished
  /// The sequence threw `error`. Nothing more is delivered.
  case failed(any Error)
  /// The bridge was cancelled or released before the sequence ended. Nothing more is delivered.
  case cancelled

  /// Whether the iteration is over, whichever way it ended.
  public var hasEnded: Bool {
    switch self {
    case .notStarted, .running: false
    case .finished, .failed, .cancelled: true
    }
  }
}
