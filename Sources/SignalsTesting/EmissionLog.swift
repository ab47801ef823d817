import Signals

/// The emissions a ``ScreenHarness`` recorded and the test has not asserted yet, in arrival
/// order across outputs. Internal.
///
/// Threading: appended to from any thread (a subscription's handler); values are copied out
/// and released outside the lock, since a value's `deinit` and `description` are user code.
final class EmissionLog: Sendable {
  /// One value one output sent, at a virtual time.
  struct Emission: Sendable, CustomStringConvertible {
    let output: Int
    let name: String
    let value: any Sendable
    let time: Duration

    /// `name: value @ time`, for example `events: toast("Saved") @ 300ms`.
    var description: String {
      "\(name): \(value) @ \(time.millisecondsText)ms"
    }
  }

  private let entries = Locked<[Emission]>([])

  /// Appends `emission` as the newest.
  func append(_ emission: Emission) {
    entries.withLock { $0.append(emission) }
  }

  /// The emissions not yet asserted, oldest first.
  var unasserted: [Emission] {
    entries.withLock { $0 }
  }

  /// Forgets the oldest `count` emissions: asserted, or skipped.
  func removeFirst(_ count: Int) {
    let removed = entries.withLock { entries in
      defer { entries.removeFirst(min(count, entries.count)) }
      return Array(entries.prefix(count))
    }
    withExtendedLifetime(removed) {}
  }

  /// Forgets every emission.
  func removeAll() {
    removeFirst(Int.max)
  }
}
