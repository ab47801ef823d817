import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// The five defects the third edition of the engine fixed, each reproduced as it was found. Each
/// failed on the second edition: it delivered the pair (1, 2), three calls hung (until their
/// hang guard, or for good: a throttle's next window needs the lock the hung send holds), and
/// the cancelled relay kept the value.
@Suite(.dedicatedThread) struct EngineDefectTests {
  /// `Property.combineLatest(a.receive(on:).map(f), b)` with one writer doing `a = i; b = i`: the states
  /// are (i, i-1) and (i, i), never (i-1, i). The hop's job reads `a` (old), the map blocks,
  /// the writer stores both, the job reads `b` (new): a reading taken across writes must be
  /// read again, not delivered.
  @Test func combineLatestAcrossAHopNeverDeliversAPairThatNeverExisted() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let first = DispatchQueue(label: "EngineDefectTests.first")
    let second = DispatchQueue(label: "EngineDefectTests.second")
    let onFirst = DispatchSpecificKey<Bool>()
    first.setSpecific(key: onFirst, value: true)
    let inTransform = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let blocked = Flag()
    let transform: @Sendable (Int) -> Int = { value in
      // Only the hop's job, reading a = 1, blocks (once); every other read passes.
      if value == 1, DispatchQueue.getSpecific(key: onFirst) == true, !blocked.isRaised {
        blocked.raise()
        inTransform.signal()
        proceed.wait()
      }
      return value
    }
    let pairs = Recorder<String>()
    let delivered = DispatchSemaphore(value: 0)
    let combined = Property.combineLatest(
      a.property.receive(on: .queue(first)).map(transform), b.property.receive(on: .queue(second)))
    let token = combined.sink { pair in
      pairs.record("\(pair.0),\(pair.1)")
      if pair == (2, 2) { delivered.signal() }
    }
    second.suspend()  // b's notifications wait, so only the hop's job reads the pair
    a.value = 1
    guard waitOrFail(inTransform, "the hop's job to read a = 1") else { return }
    b.value = 1
    a.value = 2
    b.value = 2
    proceed.signal()
    second.resume()
    waitOrFail(delivered, "the pair (2, 2)")
    token.cancel()
    let impossible = pairs.values.filter { pair in
      let values = pair.split(separator: ",").compactMap { Int($0) }
      return values[0] != values[1] && values[0] != values[1] + 1
    }
    #expect(impossible.isEmpty, "pairs that never existed: \(impossible) of \(pairs.values)")
  }

  /// A property holds an object whose `deinit` cancels a subscription to that same property.
  /// Replacing the value must return: the displaced value is released after its write has been
  /// delivered, outside any round and any lock.
  @Test(arguments: [Write.set, .modify])
  func aDisplacedValueMayCancelASubscriptionToItsOwnProperty(_ write: Write) {
    let owner = MutableProperty<CancelsInDeinit?>(nil)
    let token = owner.property.sink { _ in }
    owner.value = CancelsInDeinit(token)
    let returned = startThread {
      switch write {
      case .set: owner.value = nil
      case .modify: owner.modify { $0 = nil }
      }
    }
    waitOrFail(returned, "the write that displaces the value to return")
  }

  enum Write: Sendable, CaseIterable { case set, modify }

  /// `throttle(latest: true)`: A goes out, B is held, C replaces B, and B's `deinit` cancels
  /// the subscription. The send of C must return: B is released outside the throttler's lock.
  @Test func aHeldEventReplacedInAThrottleIsReleasedOutsideItsLock() {
    let sender = EventSender<OnDeinit>()
    let scheduler = TestScheduler()
    let received = Counter()
    let token = Slot<SubscriptionToken>()
    token.value = sender.stream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
      .sink { _ in received.increment() }
    let sent = startThread {
      sender.send(OnDeinit {})  // A: out at once
      sender.send(OnDeinit { token.value?.cancel() })  // B: held
      sender.send(OnDeinit {})  // C: replaces B
    }
    waitOrFail(sent, "the send that replaces the held event to return")
    #expect(received.value == 1)
    scheduler.run()
    #expect(received.value == 1, "B's deinit cancelled the subscription before C went out")
  }

}

/// Holds a token and cancels it when released.
final class CancelsInDeinit: Sendable {
  private let token: SubscriptionToken

  init(_ token: SubscriptionToken) {
    self.token = token
  }

  deinit {
    token.cancel()
  }
}
