import Foundation
import Observation

/// The toolchain's own ways to do what Signals does, measured as workloads of the same shape:
/// what a user gives up or gains by picking Signals instead of Foundation or Observation.
///
/// What each compares, and what it does not:
/// - `NotificationCenter` (an instance of its own, `addObserver(forName:object:queue: nil,
///   using:)`, `post`, `removeObserver`): events to observers on the posting thread, like an
///   `EventStream`. It boxes each value in a `Notification` (a name, an object, a `userInfo`
///   dictionary: here the value travels as the `object`), and it has no state face and no
///   ordering rule for re-entrant posts, so it is compared for events and churn only.
/// - `Observation` (an `@Observable` model; each observer reads the value inside
///   `withObservationTracking` and registers again after every change): state, like a
///   `Property`. Its `onChange` runs *before* the change is stored (willSet timing) and fires
///   once per registration, so an observer that wants every value must re-read and re-register
///   after each set, which is what this does (on the same thread, synchronously). It coalesces
///   nothing here because every set is followed by the re-read.
enum ToolchainCase {
  /// `NotificationCenter.post` to one observer; one operation is one post.
  static func notificationPost() -> Workload {
    let sink = Accumulator()
    let center = NotificationCenter()
    let name = Notification.Name("SignalsBenchmarks.value")
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { note in
      sink.add(note.object as? Int ?? 0)
    }
    return Workload { operations in
      for value in 0..<operations {
        center.post(name: name, object: value)
      }
      return sink.value &+ (observer.hash & 1)
    }
  }

  /// Adds one observer and removes it, while `live` others stay; one operation is one add
  /// plus one remove.
  static func notificationChurn(live: Int) -> Workload {
    let sink = Accumulator()
    let center = NotificationCenter()
    let name = Notification.Name("SignalsBenchmarks.churn")
    let others = (0..<live).map { _ in
      center.addObserver(forName: name, object: nil, queue: nil) { _ in sink.add(1) }
    }
    return Workload { operations in
      for _ in 0..<operations {
        let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in
          sink.add(1)
        }
        center.removeObserver(observer)
      }
      center.post(name: name, object: nil)
      return sink.value &+ others.count
    }
  }

  /// Sets an `@Observable` model's value with one observer that re-reads it and registers
  /// again after every change; one operation is one set.
  @MainActor
  static func observationSet() -> Workload {
    let sink = Accumulator()
    let model = ObservedCounter()
    let observer = ReregisteringObserver(model: model, sink: sink)
    return Workload { operations in
      for value in 0..<operations {
        model.value = value
        observer.readAndRegister()
      }
      return sink.value &+ (observer.changes.value & 1)
    }
  }
}

/// The state of the Observation row.
@MainActor @Observable
final class ObservedCounter {
  var value = 0
}

/// An observer of ``ObservedCounter``: reads the value inside `withObservationTracking`, and is
/// told (once) when it changes; the benchmark then reads and registers again.
@MainActor
final class ReregisteringObserver {
  private let model: ObservedCounter
  private let sink: Accumulator
  /// How many changes `onChange` reported.
  let changes = Accumulator()

  init(model: ObservedCounter, sink: Accumulator) {
    self.model = model
    self.sink = sink
    readAndRegister()
  }

  func readAndRegister() {
    let changes = changes
    let value = withObservationTracking {
      model.value
    } onChange: {
      changes.add(1)
    }
    sink.add(value)
  }
}
