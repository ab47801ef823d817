import Observation
import SignalsTestSupport
import Synchronization
import Testing

// The guide's core shows one view model in three forms: Signals (`CounterViewModel`), Combine
// (`CombineCounterViewModel`, Apple only) and this one, Observation, which has a place for the
// state and none for the event.

/// The counter with Observation: `count` is state that SwiftUI's `body` reads. "Ten!" has no
/// place here: Observation keeps values, not things that happened.
// snippet: observable-counter-model
@MainActor @Observable
final class ObservableCounterModel {
  private(set) var count = 0

  func increment() {
    count += 1
  }
}
// snippet-end

/// Counts the changes Observation reports, from any thread.
private final class ChangeCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

extension GuideTests {
  @Suite struct CoreForms {
    @MainActor @Test func theObservableCounterIsStateATrackedReadSeesChange() {
      let model = ObservableCounterModel()
      let changes = ChangeCount()
      let first = withObservationTracking {
        model.count
      } onChange: {
        changes.add()
      }
      model.increment()
      // model.count = 5  // does not compile: the setter is private
      #expect(first == 0)
      #expect(changes.value == 1)  // the read was tracked; a redraw would read the new value
      #expect(model.count == 1)
    }
  }
}
