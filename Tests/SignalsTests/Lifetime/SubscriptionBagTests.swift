import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `SubscriptionBag`: many tokens, one lifetime.
@Suite(.dedicatedThread) struct SubscriptionBagTests {
  @Test func releasingTheBagCancelsEveryTokenInInsertionOrder() {
    let log = Recorder<String>()
    let sender = EventSender<Int>()
    var bag: SubscriptionBag? = SubscriptionBag()
    if let bag {
      SubscriptionToken { log.record("cancel a") }.store(in: bag)
      sender.stream.sink { log.record("event \($0)") }.store(in: bag)
      SubscriptionToken { log.record("cancel c") }.store(in: bag)
    }
    sender.send(1)
    bag = nil
    sender.send(2)
    #expect(log.values == ["event 1", "cancel a", "cancel c"])
  }

  @Test func cancelAllEmptiesTheBagWhichCanThenBeReused() {
    let sender = EventSender<Int>()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let bag = SubscriptionBag()
    sender.stream.sink { first.record($0) }.store(in: bag)
    sender.send(1)
    bag.cancelAll()
    sender.send(2)

    sender.stream.sink { second.record($0) }.store(in: bag)
    sender.send(3)
    #expect(first.values == [1])
    #expect(second.values == [3])
    bag.cancelAll()
    sender.send(4)
    #expect(second.values == [3])
  }

  @Test func tokenInsertedWhileCancellingIsKeptForTheNextRound() {
    let log = Recorder<String>()
    let bag = SubscriptionBag()
    SubscriptionToken {
      log.record("cancel a")
      // Storing into the bag being emptied must not deadlock; the new token stays.
      SubscriptionToken { log.record("cancel late") }.store(in: bag)
    }
    .store(in: bag)
    SubscriptionToken { log.record("cancel b") }.store(in: bag)
    bag.cancelAll()
    #expect(log.values == ["cancel a", "cancel b"])
    bag.cancelAll()
    #expect(log.values == ["cancel a", "cancel b", "cancel late"])
    bag.cancelAll()  // emptied: nothing is cancelled twice
    #expect(log.values == ["cancel a", "cancel b", "cancel late"])
  }

  @Test func concurrentInsertsAreAllKept() {
    let bag = SubscriptionBag()
    let cancelled = Recorder<Int>()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in 0..<100 {
        SubscriptionToken { cancelled.record(worker * 1000 + index) }.store(in: bag)
      }
    }
    bag.cancelAll()
    #expect(cancelled.values.count == 800)
    #expect(Set(cancelled.values).count == 800)
  }
}
