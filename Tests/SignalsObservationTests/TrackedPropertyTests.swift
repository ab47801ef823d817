import Dispatch
import Observation
import Signals
import SignalsConcurrency
import SignalsObservation
import SignalsTesting
import Testing

/// An `@Observable` model as a SwiftUI screen would have one.
@MainActor @Observable final class SearchModel {
  var query = ""
  var isEditing = false
  var count = 0
}

/// `TrackedProperty`: a Signals `Property` that follows a value read from `@Observable` models.
@Suite(.timeLimit(.minutes(5))) @MainActor struct TrackedPropertyTests {
  @Test func theValueIsReadAtCreation() {
    let model = SearchModel()
    model.query = "ann"
    let query = TrackedProperty { model.query }
    #expect(query.property.value == "ann")
    #expect(Recorder(query.property).values == ["ann"])
  }

  /// didSet timing: the change is delivered after the setter returned, with the new value.
  @Test func aChangeIsDeliveredAfterTheSetterReturnedWithTheNewValue() async throws {
    let model = SearchModel()
    let query = TrackedProperty { model.query }
    let recorder = Recorder(query.property)

    model.query = "a"
    #expect(recorder.values == [""], "nothing is delivered inside the setter (willSet)")
    await settle()
    #expect(recorder.values == ["", "a"])
  }

  @Test func changesBeforeTheReReadCoalesceIntoOneDeliveryOfTheNewest() async throws {
    let model = SearchModel()
    let query = TrackedProperty { model.query }
    let recorder = Recorder(query.property)

    model.query = "a"
    model.query = "ab"
    model.query = "abc"
    await drainMainQueue()
    #expect(recorder.values == ["", "abc"])
  }

  @Test func trackingIsReArmedAfterEveryChange() async throws {
    let model = SearchModel()
    let count = TrackedProperty { model.count }
    let recorder = Recorder(count.property)
    for value in 1...3 {
      model.count = value
      await settle()
      #expect(recorder.values == Array(0...value))
    }
  }

  @Test func onlyWhatTheReadReadsIsTracked() async throws {
    let model = SearchModel()
    let query = TrackedProperty { Opaque(number: model.count) }
    let recorder = Recorder(query.property)

    model.isEditing = true  // not read: no re-read
    await drainMainQueue()
    model.count = 1
    await settle()
    #expect(recorder.values.map(\.number) == [0, 1])
  }

  @Test func aReReadEqualToTheCurrentValueDeliversNothing() async throws {
    let model = SearchModel()
    let isEven = TrackedProperty { model.count % 2 == 0 }
    let recorder = Recorder(isEven.property)

    model.count = 2  // tracked, but the derived value stays `true`
    await drainMainQueue()
    model.count = 3
    await settle()
    #expect(recorder.values == [true, false])
  }

  @Test func cancellingStopsFollowingAndKeepsTheValue() async {
    let model = SearchModel()
    let query = TrackedProperty { model.query }
    let recorder = Recorder(query.property)
    query.cancel()

    model.query = "a"
    await drainMainQueue()
    #expect(recorder.values == [""])
    #expect(query.property.value == "")
  }

  @Test func releasingItStopsFollowingAndLetsTheModelGo() async {
    var model: SearchModel? = SearchModel()
    weak let releasedModel = model
    var query: TrackedProperty<String>? = model.map { model in TrackedProperty { model.query } }
    weak let releasedTracker = query
    let property = query?.property ?? Property(constant: "?")
    let recorder = Recorder(property)

    query = nil
    #expect(releasedTracker == nil, "the pending registration holds it weakly")
    model?.query = "a"
    await drainMainQueue()
    model = nil
    #expect(releasedModel == nil, "nothing kept the model alive")
    #expect(recorder.values == [""])
  }
}
