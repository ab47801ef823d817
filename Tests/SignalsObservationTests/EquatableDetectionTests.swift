import Observation
import Signals
import SignalsObservation
import SignalsTesting
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

  /// `TrackedProperty` follows the same rule as `ObservableProperty`: a re-read equal to the
  /// current value delivers nothing, even when the code that made it is generic.
  @Test func genericCodeStillDeduplicatesATrackedEquatableValue() async {
    let model = SearchModel()
    let isEven = Self.track { model.count % 2 == 0 }  // `Value` is not known to be Equatable there
    let recorder = Recorder(isEven.property)

    model.count = 2  // tracked, but the derived value stays `true`
    await drainMainQueue()
    model.count = 3
    await drainMainQueue()
    #expect(recorder.values == [true, false])
  }

  /// What a SwiftUI helper generic over the state type does.
  private static func observe<Value: Sendable>(_ property: Property<Value>)
    -> ObservableProperty<Value>
  {
    property.observable()
  }

  /// The same, following an `@Observable` model.
  private static func track<Value: Sendable>(_ read: @escaping @MainActor () -> Value)
    -> TrackedProperty<Value>
  {
    TrackedProperty(read)
  }
}

/// A state type as a module with main-actor default isolation declares it (`struct S: Equatable`
/// there means this): its `==` may be called only on the main actor.
struct MainActorEquatable: @MainActor Equatable, Sendable {
  let number: Int
}
