import Dispatch
import Observation
import Signals
import SignalsObservation
import SignalsTesting

/// What `onChange` closures saw, in order (recorded in a `Recorder`): each entry is the value the observer read when it
/// was told, and whether it was told on the main queue.
final class ChangeLog<Value: Sendable>: Sendable {
  struct Entry: Sendable {
    let read: Value
    let onMainQueue: Bool
  }

  private let entries = Recorder<Entry>()

  var all: [Entry] { entries.values }
  var reads: [Value] { all.map(\.read) }
  var count: Int { all.count }

  func append(_ read: Value) {
    entries.record(Entry(read: read, onMainQueue: isOnMainQueue()))
  }
}

/// Registers `log` for the next change of `observed.value`, as SwiftUI does around `body`:
/// reads the value inside `withObservationTracking`; `onChange` records what the value reads at
/// that moment.
@MainActor
func trackNextChange<Value: Sendable>(
  of observed: ObservableProperty<Value>, into log: ChangeLog<Value>
) {
  withObservationTracking {
    _ = observed.value
  } onChange: {
    // Safe: the observed value changes only on the main actor (its store is main-actor
    // isolated), and `onChange` runs synchronously inside that change.
    MainActor.assumeIsolated { log.append(observed.value) }
  }
}

/// A view model as screens see it: state behind a private owner.
final class CounterViewModel: Sendable {
  private let countOwner = MutableProperty(0)
  var count: Property<Int> { countOwner.property }

  func increment() {
    countOwner.value += 1
  }

  func set(_ value: Int) {
    countOwner.value = value
  }
}

/// A value that is not `Equatable`, to see every delivery.
struct Opaque: Sendable {
  let number: Int
}

/// Marks the main queue, to tell at run time where a closure runs.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Whether the caller runs on the main queue, the main actor's executor.
func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// Returns once the main queue has run every job queued before this call (the re-reads that
/// changes scheduled among them).
@MainActor func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
