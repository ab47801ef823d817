import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// Sending, setting, subscribing and cancelling from inside a handler: the work is queued behind
/// the delivery in progress, so every subscriber sees one order and nothing is delivered to a
/// cancelled subscriber.
@Suite struct ReentrancyTests {
  // MARK: Sending from a handler

  @Test func eventSentFromAHandlerReachesEverySubscriberAfterTheCurrentOne() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let first = sender.stream.sink { value in
      log.record("first \(value)")
      if value == 1 { sender.send(2) }
    }
    let second = sender.stream.sink { log.record("second \($0)") }
    sender.send(1)
    // Both see [1, 2]; a recursive delivery would have given the second one [2, 1].
    #expect(log.values == ["first 1", "second 1", "first 2", "second 2"])
    _ = (first, second)
  }

  @Test func eventsSentFromTheLastSubscriberKeepTheSameOrderForEveryone() {
    let sender = EventSender<Int>()
    let first = Recorder(sender.stream)
    let second = Recorder(sender.stream)
    let last = sender.stream.sink { value in
      if value == 1 {
        sender.send(2)
        sender.send(3)
      }
    }
    sender.send(1)
    #expect(first.values == [1, 2, 3])
    #expect(second.values == [1, 2, 3])
    last.cancel()
  }

  @Test func propertySetFromAHandlerLeavesEverySubscriberOnTheStoredValue() {
    let owner = MutableProperty(0)
    let before = Recorder(owner.property)
    let stepper = owner.property.sink { value in
      if (1..<3).contains(value) { owner.value = value + 1 }
    }
    let after = Recorder(owner.property)
    owner.value = 1
    #expect(owner.value == 3)
    // Recursive delivery would have left `after` with [0, 3, 2, 1], ending on a stale 1.
    #expect(before.values == [0, 1, 2, 3])
    #expect(after.values == [0, 1, 2, 3])
    #expect(before.values.last == owner.value)
    #expect(after.values.last == owner.value)
    stepper.cancel()
  }

  @Test func handlerSeesTheNewestStoredValueWhileAnotherValueIsQueued() {
    // didSet timing with a queued write: the second value is stored at once, so a handler still
    // delivering the first one already reads the second from `value`.
    let owner = MutableProperty(0)
    let seen = Recorder<[Int]>()
    let first = owner.property.sink { value in
      if value == 1 { owner.value = 2 }
    }
    let second = owner.property.sink { value in seen.record([value, owner.value]) }
    owner.value = 1
    #expect(seen.values == [[0, 0], [1, 2], [2, 2]])
    _ = (first, second)
  }

  // MARK: Subscribing from a handler

  /// Subscribes "first" and "second" to a property holding 0, then writes `writes`; when
  /// "first" handles 1, it sets 2 if `setsTwoFirst`, then subscribes "added". Returns what each
  /// handler received, in order.
  private func subscriberAddedWhenFirstHandlesOne(writes: [Int], setsTwoFirst: Bool) -> [String] {
    let owner = MutableProperty(0)
    let log = Recorder<String>()
    let added = Slot<SubscriptionToken>()
    let first = owner.property.sink { value in
      log.record("first \(value)")
      if value == 1 {
        if setsTwoFirst { owner.value = 2 }
        added.value = owner.property.sink { log.record("added \($0)") }
      }
    }
    let second = owner.property.sink { log.record("second \($0)") }
    for value in writes {
      owner.value = value
    }
    _ = (first, second)
    return log.values
  }

  @Test func propertySubscriberAddedInAHandlerReceivesTheStoredValueBeforeSinkReturns() {
    // The subscribing thread delivers the replay to the new subscriber alone, at once; the
    // round in progress goes on with "second" afterwards.
    #expect(
      subscriberAddedWhenFirstHandlesOne(writes: [1, 2], setsTwoFirst: false) == [
        "first 0", "second 0",
        "first 1", "added 1", "second 1",
        "first 2", "second 2", "added 2",
      ])
  }

  @Test func propertySubscriberAddedInAHandlerStartsFromTheNewestStoredValue() {
    // The handler sets 2 (queued) and then subscribes: the new subscriber starts from the
    // stored value 2, not from the 1 being delivered, and receives 2 exactly once.
    #expect(
      subscriberAddedWhenFirstHandlesOne(writes: [1], setsTwoFirst: true) == [
        "first 0", "second 0",
        "first 1", "added 2", "second 1",
        "first 2", "second 2",
      ])
  }

  @Test func aValueWrittenDuringAReplayReachesTheNewSubscriberOnceAfterTheRoundsBeforeIt() {
    // "added" writes 2 from its replay: the write is queued behind round 1, "added" is left out
    // of round 2 (it joined after 2 was written) and receives 2 once, after it, alone.
    #expect(
      subscriberWritingTwoFromItsReplay(secondCancelsItOnTwo: false) == [
        "first 0", "second 0",
        "first 1", "added 1", "second 1",
        "first 2", "second 2", "added 2",
      ])
  }

  @Test func cancellingTheNewSubscriberBeforeWhatItMissedArrivesDropsIt() {
    // As above, but "second" cancels "added" while handling 2: the 2 queued for "added" alone
    // is skipped.
    #expect(
      subscriberWritingTwoFromItsReplay(secondCancelsItOnTwo: true) == [
        "first 0", "second 0",
        "first 1", "added 1", "second 1",
        "first 2", "second 2",
      ])
  }

  @Test func eventSubscriberAddedInAHandlerReceivesOnlyLaterEvents() {
    // 2 is sent before the subscription (though delivered after it), 3 after it: only 3 counts.
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let added = Slot<SubscriptionToken>()
    let first = sender.stream.sink { value in
      log.record("first \(value)")
      if value == 1 {
        sender.send(2)
        added.value = sender.stream.sink { log.record("added \($0)") }
        sender.send(3)
      }
    }
    let second = sender.stream.sink { log.record("second \($0)") }
    sender.send(1)
    #expect(
      log.values == [
        "first 1", "second 1",
        "first 2", "second 2",
        "first 3", "second 3", "added 3",
      ])
    _ = (first, second)
  }

  // MARK: Cancelling from a handler

  @Test func cancellingOwnTokenInAHandlerStopsEvenTheQueuedEvents() {
    let sender = EventSender<Int>()
    let received = Recorder<Int>()
    let own = Slot<SubscriptionToken>()
    own.value = sender.stream.sink { value in
      received.record(value)
      if value == 1 {
        sender.send(2)
        own.value?.cancel()
      }
    }
    let other = Recorder(sender.stream)
    sender.send(1)
    sender.send(3)
    #expect(received.values == [1])
    #expect(other.values == [1, 2, 3])
  }

  @Test func cancellingALaterSubscriberInAHandlerSkipsTheEventInFlight() {
    let sender = EventSender<Int>()
    let victim = Slot<SubscriptionToken>()
    let victimReceived = Recorder<Int>()
    let canceller = sender.stream.sink { value in
      if value == 1 { victim.value?.cancel() }
    }
    let bystander = Recorder(sender.stream)
    victim.value = sender.stream.sink { victimReceived.record($0) }
    sender.send(1)
    sender.send(2)
    #expect(victimReceived.values == [])
    #expect(bystander.values == [1, 2])
    canceller.cancel()
  }

  @Test func cancellingAnEarlierSubscriberInAHandlerStopsItsLaterEvents() {
    let sender = EventSender<Int>()
    let victim = Slot<SubscriptionToken>()
    let victimReceived = Recorder<Int>()
    victim.value = sender.stream.sink { victimReceived.record($0) }
    let canceller = sender.stream.sink { value in
      if value == 1 {
        sender.send(2)
        victim.value?.cancel()
      }
    }
    sender.send(1)
    sender.send(3)
    #expect(victimReceived.values == [1])
    canceller.cancel()
  }

  @Test func cancellingAPropertySubscriberInAHandlerStopsEverythingAfterItsReplay() {
    // The victim receives its replay (1) before `sink` returns; cancelled right after, it
    // receives nothing more: not the 2 written later.
    let owner = MutableProperty(0)
    let victimReceived = Recorder<Int>()
    let victim = Slot<SubscriptionToken>()
    let subscriber = owner.property.sink { value in
      if value == 1 {
        victim.value = owner.property.sink { victimReceived.record($0) }
        victim.value?.cancel()
      }
    }
    owner.value = 1
    owner.value = 2
    #expect(victimReceived.values == [1])
    subscriber.cancel()
  }

  @Test func releasingOwnTokenInAHandlerCancelsLikeCancel() {
    let owner = MutableProperty(0)
    let received = Recorder<Int>()
    let own = Slot<SubscriptionToken>()
    own.value = owner.property.sink { value in
      received.record(value)
      if value == 1 {
        owner.value = 2
        _ = own.take()  // the last reference: released right here, inside the handler
      }
    }
    owner.value = 1
    owner.value = 3
    #expect(received.values == [0, 1])
  }

  /// "first" and "second" subscribe; when "first" handles 1, it subscribes "added", whose replay
  /// (1) writes 2. Returns what each handler received, in order.
  private func subscriberWritingTwoFromItsReplay(secondCancelsItOnTwo: Bool) -> [String] {
    let owner = MutableProperty(0)
    let log = Recorder<String>()
    let added = Slot<SubscriptionToken>()
    let first = owner.property.sink { value in
      log.record("first \(value)")
      guard value == 1 else { return }
      added.value = owner.property.sink { value in
        log.record("added \(value)")
        if value == 1 { owner.value = 2 }
      }
    }
    let second = owner.property.sink { value in
      log.record("second \(value)")
      if value == 2 && secondCancelsItOnTwo { added.value?.cancel() }
    }
    owner.value = 1
    owner.checkInvariants()
    first.cancel()
    second.cancel()
    added.value?.cancel()
    return log.values
  }
}
