import Observation
import Signals
import SignalsConcurrency
import SignalsObservation
import SignalsTesting
import Synchronization
import Testing

// This module is built with main-actor default isolation (`defaultIsolation(MainActor.self)`
// in Package.swift), as Xcode 26's app templates build an app: every declaration here without
// `nonisolated` is main-actor isolated, including the conformances of the types below.

/// What a state type declared the usual way becomes here: its `Equatable` conformance is
/// main-actor isolated, so `Property<InferredState>.removeDuplicates()` does not compile.
struct InferredState: Equatable, Sendable {
  var count: Int
}

/// The remedy: a `nonisolated` state type has a plain `Equatable` conformance, which every
/// Signals operator can use.
// snippet: nonisolated-state-type
nonisolated struct RemediedState: Equatable, Sendable {
  var count: Int
}
// snippet-end

@Suite struct MainActorDefaultIsolationTests {
  @Test func anObserverDeduplicatesAStateTypeWithAnIsolatedConformance() {
    let owner = MutableProperty(InferredState(count: 1))
    let observed = owner.property.observable()
    let changes = Mutex(0)
    withObservationTracking {
      _ = observed.value
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    owner.value = InferredState(count: 1)
    #expect(changes.withLock { $0 } == 0, "an equal value tells nobody")
    owner.value = InferredState(count: 2)
    #expect(changes.withLock { $0 } == 1)
    #expect(observed.value == InferredState(count: 2))
  }

  @Test func aNonisolatedStateTypeWorksWithRemoveDuplicates() {
    let owner = MutableProperty(RemediedState(count: 1))
    let screen = Recorder(owner.property.removeDuplicates())
    owner.value = RemediedState(count: 1)
    owner.value = RemediedState(count: 2)
    #expect(screen.values == [RemediedState(count: 1), RemediedState(count: 2)])
  }
}
