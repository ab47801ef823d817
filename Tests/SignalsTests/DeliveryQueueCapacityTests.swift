import Signals
import Testing

/// What a burst leaves behind once it has been delivered.
@Suite struct DeliveryQueueCapacityTests {
  @Test func aDrainedQueueGivesBackTheBufferOfALongBurst() {
    let sender = EventSender<Int>()
    let received = Counter()
    let token = sender.stream.sink { value in
      received.increment()
      if value == 0 {
        for next in 1...10_000 { sender.send(next) }  // queued behind this delivery
      }
    }
    sender.send(0)
    #expect(received.value == 10_001)
    #expect(sender.queueCapacity <= 64, "the queue kept \(sender.queueCapacity) slots")
    token.cancel()
  }

  @Test func aDrainedQueueKeepsTheBufferOfAShortBurst() {
    let sender = EventSender<Int>()
    let token = sender.stream.sink { value in
      if value == 0 {
        for next in 1...8 { sender.send(next) }
      }
    }
    sender.send(0)
    #expect(sender.queueCapacity >= 8, "a short burst's buffer is kept for the next one")
    token.cancel()
  }
}
