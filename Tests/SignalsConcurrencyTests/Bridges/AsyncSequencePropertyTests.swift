import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `AsyncSequenceProperty`: the lifetime rules of a `Property` fed by an initial value and an
/// `AsyncSequence` of updates.
@Suite(.timeLimit(.minutes(5)))
struct AsyncSequencePropertyTests {
  @Test func theInitialValueIsReadableAtOnceAndTheIterationStartsAtCreation() async throws {
    let updates = ControlledSequence<Int>()
    let bridge = AsyncSequenceProperty(initialValue: 0, updates: updates.stream)
    #expect(bridge.property.value == 0)
    #expect(bridge.iteration.value.name == "running")
    await updates.pulls(count: 1)  // read with nobody subscribed
  }

  @Test func eachUpdateIsStoredThenDeliveredInOrder() async throws {
    let updates = ControlledSequence<Int>()
    let bridge = AsyncSequenceProperty(initialValue: 0, updates: updates.stream)
    let recorder = Recorder(bridge.property)
    await updates.send(1)
    await updates.send(2)
    #expect(recorder.values == [0, 1, 2])
    #expect(bridge.property.value == 2)
  }

  @Test func updatesWhileNobodySubscribesAreStoredAndALateSubscriberStartsFromTheNewest()
    async throws
  {
    let updates = ControlledSequence<Int>()
    let bridge = AsyncSequenceProperty(initialValue: 0, updates: updates.stream)
    await updates.send(1)
    await updates.send(2)
    let recorder = Recorder(bridge.property)
    #expect(recorder.values == [2])
  }

  @Test func theEndOfTheSequenceKeepsTheLastValue() async throws {
    let updates = ControlledSequence<Int>()
    let bridge = AsyncSequenceProperty(initialValue: 0, updates: updates.throwingStream)
    await updates.send(5)
    await updates.fail(with: FeedBroke())
    #expect(try await endOf(bridge.iteration).last == "failed(FeedBroke)")
    #expect(bridge.property.value == 5)
  }

  @Test func cancellingOrReleasingEndsTheIterationAndKeepsTheValue() async throws {
    let cancelledUpdates = ControlledSequence<Int>()
    let cancelled = AsyncSequenceProperty(initialValue: 0, updates: cancelledUpdates.stream)
    await cancelledUpdates.send(1)
    cancelled.cancel()
    await cancelledUpdates.cancellation()
    await cancelledUpdates.send(2)  // dropped
    #expect(try await endOf(cancelled.iteration).last == "cancelled")
    #expect(cancelled.property.value == 1)

    let releasedUpdates = ControlledSequence<Int>()
    var released: AsyncSequenceProperty<Int>? = AsyncSequenceProperty(
      initialValue: 0, updates: releasedUpdates.stream)
    weak let gone = released
    let property = released?.property ?? Property(constant: -1)
    await releasedUpdates.send(3)
    released = nil
    #expect(gone == nil, "neither the task nor the property holds the bridge")
    await releasedUpdates.cancellation()
    #expect(property.value == 3)
  }

  /// In and out: a property's `values` (out) feeding a bridge (in) follows the original.
  @Test func aPropertysValuesFeedABridgeThatFollowsIt() async throws {
    let original = MutableProperty(1)
    let bridge = AsyncSequenceProperty(initialValue: 0, updates: original.property.values)
    let recorder = Recorder(bridge.property)
    // The bridge's own task iterates: no test settles it, so each value is awaited.
    #expect(await recorder.next() == 0, "the current value comes first")
    #expect(await recorder.next() == 1)
    original.value = 2
    #expect(await recorder.next() == 2)
    #expect(recorder.values == [0, 1, 2])
  }
}
