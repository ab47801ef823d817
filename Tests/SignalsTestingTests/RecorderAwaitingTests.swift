import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Recorder.next(timeout:)`: awaiting values that arrive later, and a clear failure, within the
/// limit, for a value that never comes.
@Suite(.timeLimit(.minutes(5)))
struct RecorderAwaitingTests {
  @Test func nextReturnsEachValueInRecordingOrderEvenIfItArrivedBeforeTheCall() async throws {
    let owner = MutableProperty("a")
    let recorder = Recorder(owner.property)
    owner.value = "b"

    #expect(try await recorder.next() == "a")
    #expect(try await recorder.next() == "b")
    owner.value = "c"
    #expect(try await recorder.next() == "c")
  }

  @Test func nextWaitsForAValueSentFromAnotherTask() async throws {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream)
    let waiter = Task { try await recorder.next() }

    await Task.detached { sender.send(7) }.value

    #expect(try await waiter.value == 7)
  }

  @Test func clearStartsNextOverFromTheNextValue() async throws {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream)
    sender.send(1)
    #expect(try await recorder.next() == 1)

    recorder.clear()
    sender.send(2)

    #expect(try await recorder.next() == 2)
  }

  @Test func aValueThatNeverArrivesFailsWithAMessageWithinItsTimeLimit() async throws {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property)

    #expect(try await recorder.next() == 1)  // takes value #1
    await expectError(
      describedAs:
        "gave up after 0.05 seconds waiting for value #2 from next() on a Recorder<Int> "
        + "(state); 1 recorded: [1]"
    ) {
      _ = try await recorder.next(timeout: .milliseconds(50))
    }
    // No clock: the value never arrives, so only the timeout can end these waits (the error
    // says which limit fired), and the suite's time limit catches a wait that hangs.
  }

  @Test func nextOnAnEventRecorderNamesTheValueItWaitedFor() async {
    let recorder = Recorder(EventSender<String>().stream)

    await expectError(
      describedAs:
        "gave up after 0.01 seconds waiting for value #1 from next() on a Recorder<String> "
        + "(events); 0 recorded: []"
    ) {
      _ = try await recorder.next(timeout: .milliseconds(10))
    }
  }

  @Test func cancellingTheWaitingTaskEndsTheWaitWithCancellationError() async {
    let recorder = Recorder(EventSender<Int>().stream)
    let waiter = Task { try await recorder.next(timeout: .seconds(60)) }

    waiter.cancel()

    await #expect(throws: CancellationError.self) { try await waiter.value }
  }

  @Test func aWaitStartedByACancelledTaskEndsAtOnce() async {
    let recorder = Recorder(EventSender<Int>().stream)
    let waiter = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await recorder.next(timeout: .seconds(60))
    }

    await #expect(throws: CancellationError.self) { try await waiter.value }
  }
}
