import Foundation
import Observation
import Signals
import SignalsObservation
import Synchronization
import Testing

/// The bridge from a Signals `Property` to Observation, as SwiftUI uses it: `body` runs inside
/// `withObservationTracking`, and its `onChange` invalidates the view.
@Suite(.timeLimit(.minutes(5))) @MainActor struct ObservablePropertyTests {
  // snippet: observable-property-tracked-read
  @Test func trackedReadFiresOnChangeOncePerChangeAfterTheStore() {
    let viewModel = CounterViewModel()
    let observed = viewModel.count.observable()
    let log = ChangeLog<Int>()

    trackNextChange(of: observed, into: log)
    viewModel.set(1)
    viewModel.set(2)  // `onChange` is one-shot: nobody is registered for this change
    #expect(log.reads == [1], "told once, and `onChange` already reads the new value")

    trackNextChange(of: observed, into: log)  // SwiftUI registers again when it redraws
    viewModel.set(3)
    #expect(log.reads == [1, 3])
    #expect(observed.value == 3)
  }
  // snippet-end

  /// The contrast that the store-first order exists for: a stored property of an `@Observable`
  /// class announces the change in `willSet`, so an `onChange` that reads it sees the old value.
  // snippet: observable-macro-reads-old-value
  @Test func observableMacroPropertyReadsTheOldValueInOnChange() {
    let model = MacroModel()
    let log = ChangeLog<Int>()
    withObservationTracking {
      _ = model.count
    } onChange: {
      MainActor.assumeIsolated { log.append(model.count) }
    }
    model.count = 1
    #expect(log.reads == [0], "willSet timing: the store has not happened yet")
  }
  // snippet-end

  @Test func untrackedReadRegistersNothing() {
    let viewModel = CounterViewModel()
    let observed = viewModel.count.observable()
    let unrelated = MacroModel()
    let log = ChangeLog<Int>()
    #expect(observed.value == 0)  // read outside any tracking
    withObservationTracking {
      _ = unrelated.count  // this render reads only `unrelated`
    } onChange: {
      log.append(-1)
    }
    viewModel.set(1)
    #expect(observed.value == 1)
    #expect(log.count == 0, "a read outside withObservationTracking registers nobody")
  }

  @Test func readingTwiceInOneRenderStillFiresOnce() {
    let viewModel = CounterViewModel()
    let observed = viewModel.count.observable()
    let log = ChangeLog<Int>()
    withObservationTracking {
      _ = observed.value
      _ = observed.value
    } onChange: {
      MainActor.assumeIsolated { log.append(observed.value) }
    }
    viewModel.set(1)
    #expect(log.reads == [1])
  }

  @Test func valueSetOnABackgroundThreadReachesObserversOnTheMainActor() async {
    let viewModel = CounterViewModel()
    let observed = viewModel.count.observable()
    let log = ChangeLog<Int>()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      withObservationTracking {
        _ = observed.value
      } onChange: {
        // No `assumeIsolated` here: this test checks where `onChange` runs instead of
        // trusting it.
        log.append(-1)
        done.resume()
      }
      Thread.detachNewThread { viewModel.set(7) }
    }
    #expect(log.all.map(\.onMainQueue) == [true], "told on the main queue")
    #expect(observed.value == 7)
  }

  @Test func equalValuesNotifyNobodyWhenEquatable() {
    let owner = MutableProperty(5)
    let observed = owner.property.observable()
    let log = ChangeLog<Int>()
    trackNextChange(of: observed, into: log)
    owner.value = 5  // Signals delivers it; Observation is not told
    #expect(log.count == 0)
    owner.value = 6
    #expect(log.reads == [6])
  }

  @Test func everyDeliveryNotifiesWhenNotEquatable() {
    let owner = MutableProperty(Opaque(number: 5))
    let observed = owner.property.observable()
    let log = ChangeLog<Opaque>()
    trackNextChange(of: observed, into: log)
    owner.value = Opaque(number: 5)
    #expect(log.reads.map(\.number) == [5])
  }

  // snippet: observable-property-lifetime
  @Test func viewModelIsReleasedWhileTheObserverLives() {
    weak var weakViewModel: CounterViewModel?
    var viewModel: CounterViewModel? = CounterViewModel()
    weakViewModel = viewModel
    let observed = viewModel.map { $0.count.observable() }
    viewModel?.set(4)

    viewModel = nil  // the screen goes away; its SwiftUI state may outlive it briefly

    #expect(weakViewModel == nil, "the observer does not keep the view model alive")
    #expect(observed?.value == 4, "it keeps the last value it was given")
  }

  @Test func releasingTheObserverEndsTheSubscription() {
    let viewModel = CounterViewModel()
    let deliveries = Mutex(0)
    let counted = viewModel.count.map { value in
      deliveries.withLock { $0 += 1 }
      return value
    }
    weak var weakObserved: ObservableProperty<Int>?
    do {
      let observed = counted.observable()
      weakObserved = observed
      viewModel.set(1)
      #expect(observed.value == 1)
    }
    #expect(weakObserved == nil, "nothing but the view's state holds it: no retain cycle")
    let before = deliveries.withLock { $0 }
    viewModel.set(2)
    #expect(deliveries.withLock { $0 } == before, "its subscription ended with it")
  }
  // snippet-end
}

/// A model written with the `@Observable` macro, for contrast.
@Observable @MainActor private final class MacroModel {
  var count = 0
}
