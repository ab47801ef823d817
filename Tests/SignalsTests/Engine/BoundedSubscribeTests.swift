import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// A property's `sink` delivers the replay to its own subscriber and hands what is written
/// meanwhile to the thread delivering rounds: it returns after a bounded number of deliveries
/// while another thread writes, and the subscriber still receives every later value once, in
/// order. (The fourth edition's `sink` delivered everything written meanwhile itself, and under
/// a writer that kept writing it did not return until the writer stopped.)
@Suite(.dedicatedThread) struct BoundedSubscribeTests {
  @Test func sinkHandsWhatWasWrittenDuringItsReplayToTheWritingThread() {
    let owner = MutableProperty(0)
    let sinkReturned = DispatchSemaphore(value: 0)
    let writerIsInItsSecondRound = DispatchSemaphore(value: 0)
    // Holds the writer inside its round for 2 until `sink` has returned.
    let holder = owner.property.sink { value in
      guard value == 2 else { return }
      writerIsInItsSecondRound.signal()
      _ = sinkReturned.wait(timeout: .now() + hangGuard)
    }
    let received = Recorder<Int>()
    let deliveriesDuringSink = Counter()
    let sinkHasReturned = Flag()
    let writer = Slot<DispatchSemaphore>()
    let token = owner.property.sink { value in
      received.record(value)
      guard !sinkHasReturned.isRaised else { return }
      deliveriesDuringSink.increment()
      guard value == 0 else { return }
      // The replay: wait until another thread has written twice more.
      writer.value = startThread {
        owner.value = 1
        owner.value = 2
      }
      waitOrFail(writerIsInItsSecondRound, "the writer to write twice")
    }
    sinkHasReturned.raise()
    sinkReturned.signal()
    if let writing = writer.value { waitOrFail(writing, "the writer to finish") }

    #expect(deliveriesDuringSink.value == 1, "sink delivered only the replay itself")
    #expect(received.values == [0, 1, 2], "the writer delivered what the replay missed, in order")
    token.cancel()
    holder.cancel()
  }
}
