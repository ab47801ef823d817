import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// The delivery queue: send order through a burst, and what a burst leaves behind once it has
/// been delivered.
@Suite struct DeliveryQueueCapacityTests {
  /// Values sent from handlers queue behind the running delivery. These sends make the queue
  /// (a ring buffer of four slots at first) wrap around its end and then grow while wrapped:
  /// the order must survive both.
  @Test func aQueueThatWrapsAroundAndGrowsKeepsSendOrder() {
    let sender = EventSender<Int>()
    let received = Recorder<Int>()
    let sendsFrom: [Int: [Int]] = [0: [1, 2, 3], 1: [4, 5], 2: [6, 7, 8], 5: [9]]
    let token = sender.stream.sink { value in
      received.record(value)
      for next in sendsFrom[value] ?? [] { sender.send(next) }
    }
    sender.send(0)
    #expect(received.values == Array(0...9))
    token.cancel()
  }

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
