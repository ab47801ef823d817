import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Recorder.next()`: awaiting values that arrive later, and a clear failure, an issue at the
/// caller's line, for a value that never comes.
@Suite(.timeLimit(.minutes(5)))
struct RecorderAwaitingTests {
  @Test func nextReturnsEachValueInRecordingOrderEvenIfItArrivedBeforeTheCall() async throws {
    let owner = MutableProperty("a")
    let recorder = Recorder(owner.property)
    owner.value = "b"

    #expect(await recorder.next() == "a")
    #expect(await recorder.next() == "b")
    owner.value = "c"
    #expect(await recorder.next() == "c")
  }

  @Test func nextWaitsForAValueSentFromAnotherTask() async throws {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream)
    let waiter = Task { await recorder.next() }

    await Task.detached { sender.send(7) }.value

    #expect(await waiter.value == 7)
  }

  @Test func aValueThatNeverArrivesIsAnIssueNamingItWhenTheWaitEnds() async throws {
    let owner = MutableProperty(1)
    let recorder = Recorder(owner.property)

    #expect(await recorder.next() == 1)  // takes value #1
    await expectIssue(
      describedAs:
        "cancelled while waiting for value #2 from next() on a Recorder<Int> (state); "
        + "1 recorded: [1]"
    ) {
      let waiter = Task { await recorder.next() }
      waiter.cancel()
      #expect(await waiter.value == nil)
    }
    // Cancelled, not timed out: the value never arrives, so only the cancellation (or the
    // sixty-second safety net, with "gave up after 60.0 seconds") can end the wait.
  }

  @Test func nextOnAnEventRecorderNamesTheValueItWaitedFor() async {
    let recorder = Recorder(EventSender<String>().stream)

    await expectIssue(
      describedAs:
        "cancelled while waiting for value #1 from next() on a Recorder<String> (events); "
        + "0 recorded: []"
    ) {
      let waiter = Task { await recorder.next() }
      waiter.cancel()
      #expect(await waiter.value == nil)
    }
  }

  @Test func aWaitStartedByACancelledTaskEndsAtOnceWithAnIssue() async {
    let recorder = Recorder(EventSender<Int>().stream)
    await expectIssue(
      describedAs:
        "cancelled while waiting for value #1 from next() on a Recorder<Int> (events); "
        + "0 recorded: []"
    ) {
      let waiter = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await recorder.next()
      }
      #expect(await waiter.value == nil)
    }
  }
}
