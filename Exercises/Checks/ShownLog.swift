import Synchronization

/// What a stand-in screen showed, in order; safe to append to from any handler.
final class ShownLog<Entry: Sendable>: Sendable {
  private let entries = Mutex<[Entry]>([])

  /// Everything shown so far.
  var values: [Entry] { entries.withLock { $0 } }

  func append(_ entry: Entry) {
    entries.withLock { $0.append(entry) }
  }
}
