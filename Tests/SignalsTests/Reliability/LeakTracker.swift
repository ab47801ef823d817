import Signals
import SignalsTestSupport
import Testing

/// Remembers objects weakly, by label, so a test can assert they were deallocated.
///
/// Used after a program releases something (an owner, a bag, a token) and after it drops
/// everything: each tracked object that is still alive is a leak (or a retain cycle).
final class LeakTracker: Sendable {
  private struct Entry: Sendable {
    let label: String
    weak var object: (any AnyObject & Sendable)?
  }

  private let entries = Locked<[Entry]>([])

  /// Starts watching `object`; returns it, for chaining.
  @discardableResult
  func track<Object: AnyObject & Sendable>(_ object: Object, _ label: String) -> Object {
    entries.withLock { $0.append(Entry(label: label, object: object)) }
    return object
  }

  /// Whether an object tracked under `label` is still alive.
  func isAlive(_ label: String) -> Bool {
    entries.withLock { entries in
      entries.contains { $0.label == label && $0.object != nil }
    }
  }

  /// The labels of every tracked object still alive, in tracking order.
  func aliveLabels() -> [String] {
    entries.withLock { entries in
      entries.filter { $0.object != nil }.map(\.label)
    }
  }

  /// A value carried through the streams of a program (see ``Payload``), tracked so that a
  /// channel, queue or operator that keeps one after everything was released shows up.
  func payload(_ number: Int) -> Payload {
    track(Payload(number), "payload \(number)")
  }
}

extension LeakTracker {
  /// Runs a stress `scenario` with a fresh tracker, then expects what every stress run must
  /// end with: no problem reported (the scenario returns what it found) and every object it
  /// tracked deallocated.
  static func expectCleanRun(
    sourceLocation: SourceLocation = #_sourceLocation,
    of scenario: (LeakTracker) async -> [String]
  ) async {
    let tracker = LeakTracker()
    let problems = await scenario(tracker)
    #expect(problems == [], sourceLocation: sourceLocation)
    #expect(tracker.aliveLabels() == [], sourceLocation: sourceLocation)
  }
}
