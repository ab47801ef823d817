import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `AsyncSequenceEvents`: the lifetime rules of an `EventStream` fed by an `AsyncSequence`,
/// each driven by a `ControlledSequence` (or a real `AsyncStream`) with no sleeping.
@Suite(.timeLimit(.minutes(5)))
struct AsyncSequenceEventsTests {
  /// Each test's source of `Int`s, and the bridge over it (which reads nothing before its first
  /// subscription). A test that needs another source, or a bridge it can release, makes its own.
  let source = ControlledSequence<Int>()
  let bridge: AsyncSequenceEvents<Int>

  init() {
    bridge = AsyncSequenceEvents(source.stream)
  }

  @Test func nothingIsReadBeforeTheFirstSubscription() async throws {
    #expect(bridge.iteration.value.name == "notStarted")
    #expect(source.pullCount == 0)

    let recorder = Recorder(bridge.stream)
    #expect(bridge.iteration.value.name == "running", "the subscription started it")
    await source.send(1)
    #expect(recorder.values == [1])
  }

  @Test func elementsYieldedBeforeAnyoneSubscribedWaitInTheAsyncStream() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let buffered = AsyncSequenceEvents(stream)
    continuation.yield(1)
    continuation.yield(2)
    let recorder = Recorder(buffered.stream)
    continuation.yield(3)
    continuation.finish()

    #expect(try await endOf(buffered.iteration).last == "finished")
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func eachElementReachesEverySubscriberInOrderBeforeTheNextIsRead() async throws {
    let first = Recorder(bridge.stream)
    let second = Recorder(bridge.stream)
    for value in 1...3 {
      await source.send(value)
      #expect(first.values == Array(1...value))
      #expect(second.values == Array(1...value))
    }
    #expect(source.pullCount == 4, "one iteration for both subscribers")
  }

  @Test func anElementNobodyHearsIsDroppedAndTheIterationGoesOn() async throws {
    let early = Recorder(bridge.stream)
    await source.send(1)
    early.cancel()
    await source.send(2)  // nobody subscribes: dropped, as any event nobody hears
    let late = Recorder(bridge.stream)
    await source.send(3)

    #expect(early.values == [1])
    #expect(late.values == [3])
    #expect(bridge.iteration.value.name == "running")
  }

  @Test func theSequenceEndingOrThrowingEndsTheIteration() async throws {
    let finishing = ControlledSequence<Int>()
    let finished = AsyncSequenceEvents(finishing.stream)
    let failing = ControlledSequence<Int>()
    let failed = AsyncSequenceEvents(failing.throwingStream)
    let recorders = (Recorder(finished.stream), Recorder(failed.stream))

    await finishing.finish()
    await failing.fail(with: FeedBroke())

    #expect(try await endOf(finished.iteration).last == "finished")
    #expect(try await endOf(failed.iteration).last == "failed(FeedBroke)")
    #expect(recorders.0.values == [] && recorders.1.values == [])
  }

  @Test func cancellingCancelsTheIteratingTaskAndDeliversNothingMore() async throws {
    let recorder = Recorder(bridge.stream)
    await source.send(1)

    bridge.cancel()
    await source.cancellation()
    await source.send(2)  // the consumer stopped: dropped at once

    #expect(try await endOf(bridge.iteration).last == "cancelled")
    #expect(recorder.values == [1])
  }

  @Test func releasingTheBridgeEndsTheIterationAndTheStreamDoesNotKeepItAlive() async throws {
    var owned: AsyncSequenceEvents<Int>? = AsyncSequenceEvents(source.stream)
    weak let released = owned
    let stream = owned?.stream ?? .never
    let recorder = Recorder(stream)
    await source.send(1)

    owned = nil
    #expect(released == nil, "neither the task nor the stream holds the bridge")
    await source.cancellation()
    #expect(recorder.values == [1])
  }

  @Test func aBridgeCancelledBeforeItsFirstSubscriptionNeverIterates() async throws {
    bridge.cancel()
    let recorder = Recorder(bridge.stream)

    #expect(bridge.iteration.value.name == "cancelled")
    #expect(source.pullCount == 0)
    #expect(recorder.values == [])
  }

  /// The documented way to drive a sequence on virtual time: move the test clock between
  /// sends; each `send` returns once the element was delivered, so it is stamped (and
  /// debounced) at the instant the clock reads.
  @Test func aSourceDrivenBetweenClockMovesIsDebouncedOnVirtualTime() async throws {
    let scheduler = TestScheduler()
    let keys = ControlledSequence<String>()
    let text = AsyncSequenceEvents(keys.stream)
    let typed = Recorder(text.stream, scheduler: scheduler)
    let settled = Recorder(
      text.stream.debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)

    await keys.send("a")
    scheduler.advance(by: .milliseconds(100))
    await keys.send("ab")
    scheduler.advance(by: .milliseconds(300))
    await keys.send("abc")
    scheduler.advance(by: .milliseconds(300))

    expectTimeline(
      """
      ms       |0 |100 |400 |700
      typed    ^a-ab---abc----------
      settled  ^-------ab---abc-----
      """, ("typed", typed), ("settled", settled))
  }
}

/// A sequence whose `next()` ignores cancellation: it waits for the test's answer to a
/// `ControlledCall` (kept waiting when cancelled), as a sequence with a value already on its
/// way would.
struct SequenceIgnoringCancellation: AsyncSequence, Sendable {
  let answers: ControlledCall<Int, Int>

  struct AsyncIterator: AsyncIteratorProtocol {
    let answers: ControlledCall<Int, Int>
    var index = 0

    mutating func next() async throws -> Int? {
      defer { index += 1 }
      return try await answers.call(index)
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(answers: answers)
  }
}

@Suite(.timeLimit(.minutes(5)))
struct AsyncSequenceEventsCancellationTests {
  @Test func anElementProducedAfterTheCancelIsNotDelivered() async throws {
    let answers = ControlledCall<Int, Int>(whenCancelled: .keepsWaitingForAnswer)
    let bridge = AsyncSequenceEvents(SequenceIgnoringCancellation(answers: answers))
    let recorder = Recorder(bridge.stream)
    await answers.requests(count: 1)

    bridge.cancel()
    await answers.requests(count: 1)
    answers.resolve(0, with: 42)  // arrives after the cancel anyway

    #expect(try await endOf(bridge.iteration).last == "cancelled")
    #expect(recorder.values == [])
    #expect(answers.cancelledRequests == [0], "the sequence saw its task cancelled")
  }
}
