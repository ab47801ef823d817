import Signals
import SignalsTestSupport
import SignalsTesting
import Synchronization

/// A value the stress tests send: who sent it and its number in that sender's sequence.
struct Stamp: Sendable, Equatable, CustomStringConvertible {
  static let initial = Stamp(sender: -1, sequence: 0)

  let sender: Int
  let sequence: Int

  var description: String { "\(sender).\(sequence)" }
}

/// The handler of one subscriber of a stress test: it records what it receives in a `Recorder`,
/// and catches, as calls happen, what a handler can see that must never happen: two overlapping calls; after a cancel made on the
/// delivering thread (from inside the handler) returned, any call; after a `cancel()` on
/// another thread returned, more than one call starting (`cancel()` never waits: the round
/// already running on another thread may still make the one call it was about to make, and no
/// later round calls the handler).
final class CheckedHandler: Sendable {
  let label: String
  /// Whether each call waits (boundedly) until the canceller has *started* `cancel()`, so that
  /// the cancel certainly meets a call in flight on another thread. Only for subscribers whose
  /// handler never runs on the cancelling thread.
  private let holdsCallsForCancel: Bool
  /// Whether the cancel was made from inside the handler itself, on the delivering thread.
  private let cancelledInHandler = Atomic<Bool>(false)
  private let callsStartedAfterCancel = Atomic<Int>(0)
  private let received = Recorder<Stamp>()
  private let callsStarted = Atomic<Int>(0)
  private let callsInProgress = Atomic<Int>(0)
  private let cancelStarted = Atomic<Bool>(false)
  private let cancelReturned = Atomic<Bool>(false)
  private let problems = Locked<[String]>([])

  init(_ label: String, holdsCallsForCancel: Bool = false) {
    self.label = label
    self.holdsCallsForCancel = holdsCallsForCancel
  }

  var values: [Stamp] { received.values }
  var count: Int { received.values.count }
  var startedCalls: Int { callsStarted.load(ordering: .acquiring) }
  var violations: [String] { problems.withLock { $0 } }

  /// The handler body. `work` spins a little before returning, to widen the window in which a
  /// `cancel()` on another thread meets this call in flight.
  func receive(_ stamp: Stamp, work: Int = 0) {
    if callsInProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
      report("two calls overlapped (at \(stamp))")
    }
    if cancelReturned.load(ordering: .acquiring) {
      let late = callsStartedAfterCancel.wrappingAdd(1, ordering: .relaxed).newValue
      if cancelledInHandler.load(ordering: .acquiring) {
        report("received \(stamp) after a cancel from inside the handler had returned")
      } else if late > 1 {
        report("received \(stamp), call \(late) after cancel() had returned (at most 1)")
      }
    }
    received.record(stamp)
    callsStarted.wrappingAdd(1, ordering: .releasing)
    if holdsCallsForCancel {
      waitBriefly { cancelStarted.load(ordering: .acquiring) }
    }
    var spin = 0
    for step in 0..<work { spin &+= step }
    blackHole(spin)
    callsInProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing)
  }

  /// Call right before cancelling.
  func cancelWillStart() {
    cancelStarted.store(true, ordering: .releasing)
  }

  /// Call right after the cancel returns; `inHandler` if it was made from inside the handler,
  /// on the delivering thread (then no call may follow at all).
  func cancelHasReturned(inHandler: Bool = false) {
    if inHandler { cancelledInHandler.store(true, ordering: .releasing) }
    cancelReturned.store(true, ordering: .releasing)
  }

  private func report(_ problem: String) {
    problems.withLock { $0.append("\(label): \(problem)") }
  }
}

/// A number several threads read and write, in an object so that arrays of them can be shared.
final class AtomicCounter: Sendable {
  let value = Atomic<Int>(0)
}
