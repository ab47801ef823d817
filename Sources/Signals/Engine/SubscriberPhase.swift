import Synchronization

/// Where a ``Subscriber`` is in its life, kept in one atomic word. Internal.
///
/// The phases, in order: `replaying` (a property's new subscriber catching up on its own
/// thread), `joined(after:)` (active: it receives every value written after that number),
/// `releasing` (cancelled; a canceller is releasing its handler) and `ended` (cancelled and
/// released, or left for the performer to release at its next finish).
///
/// Contract: the word is written only under the channel's lock; the one read without it is the
/// delivering thread's ``admits(_:)`` right before each handler call, so a cancel made from a
/// handler of the running round stops the rest of that round. That read is the engine's one
/// lock-free step, and it is only a read.
@usableFromInline
struct SubscriberPhase: ~Copyable, Sendable {
  @usableFromInline
  enum Phase: Equatable, Sendable {
    case replaying
    case joined(after: UInt64)
    case releasing
    case ended
  }

  // The encoding: a joined subscriber's number as itself; the three other phases as the three
  // largest numbers, which no write number reaches, and which admit no value.
  @usableFromInline static var replayingWord: UInt64 { .max - 2 }
  @usableFromInline static var releasingWord: UInt64 { .max - 1 }
  @usableFromInline static var endedWord: UInt64 { .max }

  @usableFromInline let word: Atomic<UInt64>

  @inlinable
  init(_ phase: Phase) {
    word = Atomic(Self.encode(phase))
  }

  @inlinable
  static func encode(_ phase: Phase) -> UInt64 {
    switch phase {
    case .replaying: replayingWord
    case .joined(let version): version
    case .releasing: releasingWord
    case .ended: endedWord
    }
  }

  /// The phase (read under the channel's lock).
  @inlinable
  var phase: Phase {
    switch word.load(ordering: .relaxed) {
    case Self.replayingWord: .replaying
    case Self.releasingWord: .releasing
    case Self.endedWord: .ended
    case let version: .joined(after: version)
    }
  }

  /// Moves to `phase` (under the channel's lock).
  @inlinable
  func move(to phase: Phase) {
    word.store(Self.encode(phase), ordering: .relaxed)
  }

  /// Whether a round delivering the value written with number `version` calls this subscriber:
  /// only if it joined before that write and has not been cancelled.
  @inlinable
  func admits(_ version: UInt64) -> Bool {
    word.load(ordering: .relaxed) < version
  }

  /// Whether the subscriber has not been cancelled.
  @inlinable
  var isActive: Bool {
    word.load(ordering: .relaxed) < Self.releasingWord
  }
}
