import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting

extension SequenceIteration {
  /// The case's name, to compare recorded iterations (`any Error` makes the enum not
  /// `Equatable`).
  var name: String {
    switch self {
    case .notStarted: "notStarted"
    case .running: "running"
    case .finished: "finished"
    case .failed(let error): "failed(\(error))"
    case .cancelled: "cancelled"
    }
  }
}

/// Waits until `iteration` has ended and returns the names of the states it went through from
/// when this was called (the current one first; the last is how it ended).
func endOf(_ iteration: Property<SequenceIteration>) async throws -> [String] {
  let recorder = Recorder(iteration)
  var last = await recorder.next()
  while let current = last, !current.hasEnded {
    last = await recorder.next()
  }
  return recorder.values.map(\.name)
}

/// An error a sequence throws in these tests.
struct FeedBroke: Error, CustomStringConvertible {
  var description: String { "FeedBroke" }
}
