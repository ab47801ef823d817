import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `ControlledSequence`: a fake `AsyncSequence` whose `send` returns once the consumer has
/// handled the element.
@Suite(.timeLimit(.minutes(5)))
struct ControlledSequenceTests {
  /// A consumer that logs each element it takes, then asks for the next.
  private func consume(_ stream: AsyncStream<Int>, into log: Recorder<String>) -> Task<Void, Never>
  {
    Task {
      for await value in stream {
        log.record("handled \(value)")
      }
      log.record("ended")
    }
  }

  @Test func sendReturnsOnceTheConsumerHandledTheElement() async throws {
    let source = ControlledSequence<Int>()
    let log = Recorder<String>()
    let consumer = consume(source.stream, into: log)
    await source.send(1)
    #expect(log.values == ["handled 1"])
    await source.send(2)
    #expect(log.values == ["handled 1", "handled 2"])
    await source.finish()
    await consumer.value
    #expect(log.values == ["handled 1", "handled 2", "ended"])
    #expect(source.pullCount == 3)
  }

  @Test func anElementSentBeforeTheConsumerAsksWaitsForIt() async throws {
    let source = ControlledSequence<Int>()
    let log = Recorder<String>()
    async let sent: Void = source.send(1)
    let consumer = consume(source.stream, into: log)
    await sent
    #expect(log.values == ["handled 1"])
    await source.finish()  // the consumer ends: no task is left suspended (LeakSanitizer)
    await consumer.value
  }

  @Test func aCancelledConsumerIsSeenAndLaterSendsAreDropped() async throws {
    let source = ControlledSequence<Int>()
    let log = Recorder<String>()
    let consumer = consume(source.stream, into: log)
    await source.pulls(count: 1)
    consumer.cancel()
    await source.cancellation()
    #expect(source.isCancelled)
    await source.send(1)
    await consumer.value
    #expect(log.values == ["ended"])
  }

  @Test func aThrowingStreamThrowsTheFailure() async throws {
    let source = ControlledSequence<Int>()
    let consumer = Task {
      var taken: [Int] = []
      for try await value in source.throwingStream { taken.append(value) }
      return taken
    }
    await source.send(1)
    await source.fail(with: FeedBroke())
    await #expect(throws: FeedBroke.self) { try await consumer.value }
  }

  @Test func aSendNobodyTakesIsAnIssueSayingWhatItWaitedFor() async throws {
    let source = ControlledSequence<Int>()
    await expectIssue(
      describedAs: "cancelled while waiting for the consumer to handle send(7) on a "
        + "ControlledSequence<Int>; 0 pulls, cancelled: false"
    ) {
      let sender = Task { await source.send(7) }
      sender.cancel()
      await sender.value
    }
  }
}
