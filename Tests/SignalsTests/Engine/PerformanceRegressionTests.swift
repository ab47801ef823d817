import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

/// Pins the promises that the delivery engine's fast paths must keep: subscription order while
/// cancelled subscribers stay linked and through the sweeps that unlink them; parked joins and
/// leaves; cancellation (and release) during a round; nested deliveries that cancel without
/// waiting; the executor path.
@Suite(.dedicatedThread) struct PerformanceRegressionTests {
  @Test func churnAtTheEndKeepsSubscriptionOrder() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    var tokens = (0..<5).map { id in sender.stream.sink { log.record("\(id):\($0)") } }
    for _ in 0..<50 {
      sender.stream.sink { log.record("temp:\($0)") }.cancel()
    }
    sender.send(1)
    #expect(log.take(&taken) == ["0:1", "1:1", "2:1", "3:1", "4:1"])

    tokens[3].cancel()  // stays linked, skipped
    tokens[4].cancel()  // the newest: links after it must still work
    tokens.append(sender.stream.sink { log.record("5:\($0)") })
    tokens.append(sender.stream.sink { log.record("6:\($0)") })
    sender.send(2)
    #expect(log.take(&taken) == ["0:2", "1:2", "2:2", "5:2", "6:2"])

    tokens[5].cancel()  // cancelled right after it was linked behind cancelled ones
    sender.send(3)
    #expect(log.take(&taken) == ["0:3", "1:3", "2:3", "6:3"])

    for token in tokens {
      token.cancel()
    }
    sender.send(4)
    tokens = [sender.stream.sink { log.record("7:\($0)") }]
    sender.send(5)
    #expect(log.take(&taken) == ["7:5"])
  }

  @Test func sweepsKeepSubscriptionOrderAndTheEndOfTheList() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    var tokens = (0..<32).map { id in sender.stream.sink { log.record("\(id):\($0)") } }
    // Cancelling the newest 16 makes cancelled subscribers half the list: the sweep unlinks
    // them, so the list now ends at subscriber 15, where the next one must be linked.
    for token in tokens[16...] {
      token.cancel()
    }
    tokens.removeLast(16)
    tokens.append(sender.stream.sink { log.record("32:\($0)") })
    sender.send(1)
    #expect(log.take(&taken) == (0..<16).map { "\($0):1" } + ["32:1"])

    // Cancelling every subscriber empties the list at once; a new one starts it again.
    for token in tokens {
      token.cancel()
    }
    sender.send(2)
    #expect(log.take(&taken).isEmpty)
    tokens = [sender.stream.sink { log.record("33:\($0)") }]
    tokens.append(sender.stream.sink { log.record("34:\($0)") })
    sender.send(3)
    #expect(log.take(&taken) == ["33:3", "34:3"])
    for token in tokens {
      token.cancel()
    }
  }

  @Test func randomSubscribeAndCancelMatchesAModel() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    var generator = SplitMix64(seed: 0x5EED)
    var live: [(id: Int, token: SubscriptionToken)] = []
    var nextID = 0
    for step in 0..<3_000 {
      switch generator.next() % 10 {
      case 0..<5:
        let id = nextID
        nextID += 1
        live.append((id, sender.stream.sink { log.record("\(id):\($0)") }))
      case 5..<9 where !live.isEmpty:
        // Mostly random positions, sometimes the newest (the usual churn); the list sweeps
        // once cancelled subscribers are half of it.
        let index =
          generator.next() % 3 == 0 ? live.count - 1 : Int(generator.next() % UInt64(live.count))
        live.remove(at: index).token.cancel()
      default:
        sender.send(step)
        #expect(log.take(&taken) == live.map { "\($0.id):\(step)" })
      }
    }
  }

  @Test func cancellingAndReleasingDuringARoundStopsLaterHandlers() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    let tokens = Mutex<[String: SubscriptionToken]>([:])
    let first = sender.stream.sink { value in
      log.record("a:\(value)")
      // Cancel b and drop every reference to its token while the round still holds it.
      let b = tokens.withLock { $0.removeValue(forKey: "b") }
      b?.cancel()
    }
    let second = sender.stream.sink { log.record("b:\($0)") }
    let third = sender.stream.sink { value in
      log.record("c:\(value)")
      // Drop this handler's own token, the last reference outside the channel, mid-call.
      tokens.withLock { $0["c"] = nil }
      log.record("c-done:\(value)")
    }
    tokens.withLock {
      $0["b"] = second
      $0["c"] = third
    }
    _ = consume second
    _ = consume third

    sender.send(1)
    sender.send(2)
    #expect(log.take(&taken) == ["a:1", "c:1", "c-done:1", "a:2"])
    first.cancel()
  }

  @Test(.timeLimit(.minutes(5)))
  func nestedDeliveriesCancelWithoutWaiting() {
    let outer = EventSender<Int>()
    let inner = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    let tokens = Mutex<[String: SubscriptionToken]>([:])
    let outerFirst = outer.stream.sink { value in
      log.record("x1:\(value)")
      inner.send(value)
      // Back from the inner delivery, still inside the outer one: this must not wait for the
      // outer round, which runs on this very thread.
      tokens.withLock { $0["x3"] }?.cancel()
      log.record("x1-done:\(value)")
    }
    let innerFirst = inner.stream.sink { value in
      log.record("y1:\(value)")
      tokens.withLock { $0["x2"] }?.cancel()
    }
    let outerSecond = outer.stream.sink { log.record("x2:\($0)") }
    let outerThird = outer.stream.sink { log.record("x3:\($0)") }
    tokens.withLock {
      $0["x2"] = outerSecond
      $0["x3"] = outerThird
    }

    outer.send(1)
    outer.send(2)
    #expect(log.take(&taken) == ["x1:1", "y1:1", "x1-done:1", "x1:2", "y1:2", "x1-done:2"])
    outerFirst.cancel()
    innerFirst.cancel()
  }

  @Test func cancelTwiceThenReleaseIsHarmless() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var taken = 0
    let kept = sender.stream.sink { log.record("kept:\($0)") }
    let dropped = sender.stream.sink { log.record("dropped:\($0)") }
    sender.send(1)
    dropped.cancel()
    dropped.cancel()
    _ = consume dropped  // the release cancels a third time
    sender.send(2)
    #expect(log.take(&taken) == ["kept:1", "dropped:1", "kept:2"])
    kept.cancel()
  }

  @Test func joiningDuringARoundStartsFromTheStoredValue() {
    let owner = MutableProperty(0)
    let late = Mutex<Recorder<Int>?>(nil)
    let early = Recorder(owner.property)
    let trigger = owner.property.sink { value in
      guard value == 1 else { return }
      owner.value = 2  // queued behind the running round
      late.withLock { $0 = Recorder(owner.property) }  // joins while the round runs
    }
    owner.value = 1
    #expect(early.values == [0, 1, 2])
    #expect(late.withLock { $0?.values } == [2])
    trigger.cancel()
  }

  @Test func receiveOnASchedulerKeepsOrder() {
    let scheduler = TestScheduler()
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.receive(on: scheduler))
    sender.send(1)
    sender.send(2)
    sender.send(3)
    #expect(recorder.values == [])
    scheduler.run()
    #expect(recorder.values == [1, 2, 3])
    sender.send(4)
    scheduler.run()
    #expect(recorder.values == [1, 2, 3, 4])
  }

  @Test func combineLatestSendsPairsInOrder() {
    let number = MutableProperty(1)
    let text = MutableProperty("x")
    let pairs = Recorder(
      Property.combineLatest(number.property, text.property).map { "\($0.0)\($0.1)" })
    number.value = 2
    text.value = "y"
    #expect(pairs.values == ["1x", "2x", "2y"])
  }

  @Test func concurrentChurnKeepsEachSubscriberInOrder() {
    let sender = EventSender<Int>()
    let violations = Atomic<Int>(0)
    let deliveries = Atomic<Int>(0)
    let anchor = sender.stream.sink { _ in deliveries.add(1, ordering: .relaxed) }
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      if worker == 0 {
        for value in 0..<20_000 {
          sender.send(value)
        }
      } else {
        for _ in 0..<2_000 {
          let last = Mutex(-1)
          let token = sender.stream.sink { value in
            let inOrder = last.withLock { last in
              defer { last = value }
              return value > last
            }
            if !inOrder {
              violations.add(1, ordering: .relaxed)
            }
          }
          token.cancel()
        }
      }
    }
    #expect(violations.load(ordering: .relaxed) == 0)
    #expect(deliveries.load(ordering: .relaxed) == 20_000)
    anchor.cancel()
  }
}

extension Recorder {
  /// What was recorded after the first `taken` values; moves `taken` past it.
  fileprivate func take(_ taken: inout Int) -> [Value] {
    let all = values
    defer { taken = all.count }
    return Array(all[taken...])
  }
}
