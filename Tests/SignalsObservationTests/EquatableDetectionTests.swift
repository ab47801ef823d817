import Observation
import Signals
import SignalsObservation
import Testing

/// Whether an observer deduplicates is decided by the value's type at run time, not by which
/// overload the compiler happened to see.
@MainActor
@Suite struct EquatableDetectionTests {
  @Test func genericCodeStillDeduplicatesAnEquatableValue() {
    let owner = MutableProperty(5)
    let observed = Self.observe(owner.property)  // `Value` is not known to be Equatable there
    let log = ChangeLog<Int>()
    trackNextChange(of: observed, into: log)
    owner.value = 5
    #expect(log.count == 0, "an equal value tells nobody, even through generic code")
    owner.value = 6
    #expect(log.reads == [6])
  }

  @Test func aMainActorEquatableConformanceStillDeduplicates() {
    let owner = MutableProperty(MainActorEquatable(number: 5))
    let observed = owner.property.observable()
    let log = ChangeLog<MainActorEquatable>()
    trackNextChange(of: observed, into: log)
    owner.value = MainActorEquatable(number: 5)
    #expect(log.count == 0, "compared on the main actor, where the conformance may be used")
    owner.value = MainActorEquatable(number: 6)
    #expect(log.reads.map(\.number) == [6])
  }

  /// What a SwiftUI helper generic over the state type does.
  private static func observe<Value: Sendable>(_ property: Property<Value>)
    -> ObservableProperty<Value>
  {
    property.observable()
  }
}

/// A state type as a module with main-actor default isolation declares it (`struct S: Equatable`
/// there means this): its `==` may be called only on the main actor.
struct MainActorEquatable: @MainActor Equatable, Sendable {
  let number: Int
}
