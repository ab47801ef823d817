import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// What a performer's own work causes is queued behind it, never nested in it: a send from the
/// drop observer and a write from the `deinit` of a property's displaced value. So a chain of
/// 10,000 of them runs in a loop, in order, on a thread with a small stack (the fourth edition
/// nested each one in the last and overflowed the stack after a few hundred on a 512 KiB
/// thread).
@Suite(.dedicatedThread) struct IterativeWorkTests {
  static let chain = 10_000

  @Test func sendsFromTheDropObserverAreQueuedNotNested() {
    let dropped = Recorder<Int>()
    let sender = Slot<EventSender<Int>>()
    sender.value = EventSender<Int> { value in
      dropped.record(value)
      if value < Self.chain { sender.value?.send(value + 1) }
    }
    let finished = startThread(stackSize: 512 * 1024) { sender.value?.send(1) }
    waitOrFail(finished, "the chain of re-sends to end")
    #expect(dropped.values == Array(1...Self.chain))
    sender.value = nil
  }

  @Test func writesFromADisplacedValuesDeinitAreQueuedNotNested() {
    let owner = MutableProperty<WritesInDeinit?>(nil)
    let received = Recorder<Int?>()
    let token = owner.property.sink { received.record($0?.number) }
    let finished = startThread(stackSize: 512 * 1024) {
      owner.value = WritesInDeinit(number: 1, into: owner)
      owner.value = nil  // displaces 1, whose deinit writes 2 and displaces it, and so on
    }
    waitOrFail(finished, "the chain of writes from deinits to end")
    let numbers = received.values.compactMap { $0 }
    #expect(numbers == Array(1...Self.chain))
    #expect(owner.value == nil)
    token.cancel()
  }
}

/// A property value whose `deinit` writes the next number into its owner and then `nil`, which
/// displaces it in turn, up to the chain's end.
private final class WritesInDeinit: Sendable {
  let number: Int
  private let owner: MutableProperty<WritesInDeinit?>

  init(number: Int, into owner: MutableProperty<WritesInDeinit?>) {
    self.number = number
    self.owner = owner
  }

  deinit {
    if number < IterativeWorkTests.chain {
      owner.value = WritesInDeinit(number: number + 1, into: owner)
      owner.value = nil
    }
  }
}
