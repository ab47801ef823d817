import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

/// Many threads sending, subscribing and cancelling at once, for a fixed number of operations
/// (no wall-clock bound, no sleeps: threads are joined and queues drained with a barrier).
///
/// What must hold, per subscriber:
/// - one call at a time; after a cancel made from inside the handler no call starts; after
///   `cancel()` on another thread returned at most one call starts (the round already running);
/// - per sender, sequence numbers in order with no gap and no duplicate while subscribed;
/// - a subscriber alive for the whole run receives every value exactly once, and a property
///   subscriber's last value is the property's final stored value.
@Suite(.dedicatedThread) struct ConcurrencyStressReliabilityTests {
  static let senderThreads = 4
  static let churnThreads = 4
  /// Values per sender. (Senders do not wait for the churn threads to finish: a churn thread
  /// that subscribes to the property while no delivery runs becomes the delivering thread and
  /// keeps delivering for as long as values keep coming, so it would never finish.)
  static let sendsPerSender = 10_000
  /// How often a sender checks the channels' invariants: every 100th send (each check walks
  /// the subscribers and the queue; at every send it made the ThreadSanitizer run 5x longer).
  static let invariantCheckInterval = 100
  /// A sender waits (boundedly) while more than this many of its values are still undelivered,
  /// so that the queue stays short and a new subscriber gets values soon, as in an app; without
  /// it four tight send loops outrun the one delivering thread and the queue grows without end.
  static let sendWindow = 16
  /// Subscribe-then-cancel cycles per churn thread.
  static let churnCycles = 200
  /// The first long-lived subscriber re-sends every `echoEvery`-th value of sender 0 from
  /// inside its handler, as sender `echoSender`: re-entrant sends racing with other threads.
  static let echoEvery = 100
  static let echoSender = 99

  @Test func eventsAndPropertyUnderEightThreadsSendingSubscribingAndCancelling() async {
    await LeakTracker.expectCleanRun(of: runEventsAndProperty(tracker:))
  }

  private struct ChurnResult: Sendable {
    let checked: CheckedHandler
    let isProperty: Bool
    let heldCalls: Bool
  }

  private func runEventsAndProperty(tracker: LeakTracker) async -> [String] {
    let queue = DispatchQueue(label: "reliability.stress", attributes: .concurrent)
    let events = tracker.track(EventSender<Stamp>(), "event sender")
    let state = tracker.track(MutableProperty(Stamp.initial), "property owner")
    let stream = events.stream
    let property = state.property

    // Long-lived subscribers, subscribed before any thread starts.
    let echoes = Atomic<Int>(0)
    // How many values of each sender the first long-lived subscriber has received.
    let delivered = (0..<Self.senderThreads).map { _ in AtomicCounter() }
    let echoing = CheckedHandler("long-lived events.sink (echoing)")
    let longLived: [(checked: CheckedHandler, isProperty: Bool)] = [
      (echoing, false),
      (CheckedHandler("long-lived events.receive(on: .queue(queue))"), false),
      (CheckedHandler("long-lived events.map.filter.receive(on: .queue(queue))"), false),
      (CheckedHandler("long-lived property.sink"), true),
      (CheckedHandler("long-lived property.receive(on: .queue(queue))"), true),
      (CheckedHandler("long-lived property.removeDuplicates.receive(on: .queue(queue))"), true),
    ]
    var longLivedTokens = [
      stream.sink { stamp in
        echoing.receive(stamp)
        if stamp.sender < Self.senderThreads {
          delivered[stamp.sender].value.store(stamp.sequence + 1, ordering: .releasing)
        }
        if stamp.sender == 0 && stamp.sequence % Self.echoEvery == 0 {
          let number = echoes.wrappingAdd(1, ordering: .relaxed).oldValue
          events.send(Stamp(sender: Self.echoSender, sequence: number))
        }
      },
      stream.receive(on: .queue(queue)).sink { longLived[1].checked.receive($0) },
      stream.map { $0 }.filter { _ in true }.receive(on: .queue(queue)).sink {
        longLived[2].checked.receive($0)
      },
      property.sink { longLived[3].checked.receive($0) },
      property.receive(on: .queue(queue)).sink { longLived[4].checked.receive($0) },
      property.removeDuplicates().receive(on: .queue(queue)).sink {
        longLived[5].checked.receive($0)
      },
    ]
    for (index, token) in longLivedTokens.enumerated() {
      tracker.track(token, "long-lived token \(index)")
    }
    let checkedTokens = longLivedTokens  // their channels: subscriptions, relays, operators

    let churned = Locked<[ChurnResult]>([])
    let sendersFinished = Atomic<Int>(0)
    await onThreads(Self.senderThreads + Self.churnThreads) { index in
      if index < Self.senderThreads {
        for sequence in 0..<Self.sendsPerSender {
          waitBriefly {
            delivered[index].value.load(ordering: .acquiring) >= sequence - Self.sendWindow
          }
          let stamp = Stamp(sender: index, sequence: sequence)
          events.send(stamp)
          state.value = stamp
          if sequence % Self.invariantCheckInterval == 0 {
            // The state machine's invariants hold between events, whatever the others do.
            events.checkInvariants()
            state.checkInvariants()
            for token in checkedTokens { token.checkInvariants() }
          }
        }
        sendersFinished.wrappingAdd(1, ordering: .releasing)
      } else {
        let results = Self.churn(
          thread: index, stream: stream, property: property, queue: queue, tracker: tracker,
          sendersAreDone: { sendersFinished.load(ordering: .acquiring) == Self.senderThreads })
        churned.withLock { $0 += results }
      }
    }
    // Every thread has returned, so nothing sends any more; the barrier waits for every
    // `receive(on:)` delivery job submitted before it (and none can be submitted after).
    queue.sync(flags: .barrier) {}

    var problems: [String] = []
    let finalValue = state.value
    for token in longLivedTokens {
      token.cancel()
    }
    for entry in longLived {
      entry.checked.cancelHasReturned()
    }
    longLivedTokens.removeAll()

    let sent = Dictionary(
      uniqueKeysWithValues: (0..<Self.senderThreads).map { ($0, Self.sendsPerSender) })
    let echoCount = (sent[0, default: 0] + Self.echoEvery - 1) / Self.echoEvery
    for (checked, isProperty) in longLived {
      problems += checked.violations
      var values = checked.values
      if isProperty {
        if values.first != Stamp.initial {
          problems.append("\(checked.label): first value \(String(describing: values.first))")
        }
        if values.last != finalValue {
          problems.append(
            "\(checked.label): last value \(String(describing: values.last)), "
              + "but the property ends on \(finalValue)")
        }
        values = Array(values.dropFirst())
        problems += StressCheck.complete(values, expected: sent, label: checked.label)
      } else {
        problems += StressCheck.complete(
          values.filter { $0.sender != Self.echoSender }, expected: sent, label: checked.label)
        problems += StressCheck.complete(
          values.filter { $0.sender == Self.echoSender }, expected: [Self.echoSender: echoCount],
          label: checked.label + " (echoes)")
      }
      let expectedCount = isProperty ? 0 : echoCount
      if values.count != sent.values.reduce(0, +) + expectedCount {
        problems.append("\(checked.label): \(values.count) values in all")
      }
    }
    let results = churned.withLock { $0 }
    if results.count != Self.churnThreads * Self.churnCycles {
      problems.append("\(results.count) churn subscriptions recorded")
    }
    let receivedByChurners = results.map { $0.checked.values.count }
    print(
      "stress: \(results.count) churn subscriptions, \(receivedByChurners.filter { $0 > 0 }.count)"
        + " received something, \(receivedByChurners.reduce(0, +)) values in all, "
        + "\(results.filter { $0.heldCalls && $0.checked.startedCalls > 0 }.count) cancels met "
        + "a held call in flight; "
        + "long-lived subscribers received \(longLived.map { $0.checked.count })")
    // The run must have exercised what it checks: a run whose churners received nothing, or
    // whose cancels never met a call in flight, would pass every check above without testing.
    // (Typical runs here: 650 of 800 received something, 230 cancels met a held call; under
    // ThreadSanitizer on a loaded machine as few as 71 and 22. The bounds sit well below those:
    // they catch a run that exercised nothing, not a slow one.)
    let churnersThatReceived = receivedByChurners.filter { $0 > 0 }.count
    if churnersThatReceived < 20 {
      problems.append("only \(churnersThatReceived) churn subscriptions received anything")
    }
    let cancelsThatMetACall = results.filter { $0.heldCalls && $0.checked.startedCalls > 0 }
    if cancelsThatMetACall.count < 5 {
      problems.append("only \(cancelsThatMetACall.count) cancels met a call in flight")
    }
    for result in results {
      problems += result.checked.violations
      problems += Self.checkChurned(
        result.checked.values, isProperty: result.isProperty,
        label: result.checked.label)
    }
    return problems
  }

  /// One churn thread: subscribe in one of seven ways, let a few values through (while the
  /// senders are still sending), cancel.
  private static func churn(
    thread: Int, stream: EventStream<Stamp>, property: Property<Stamp>, queue: DispatchQueue,
    tracker: LeakTracker, sendersAreDone: () -> Bool
  ) -> [ChurnResult] {
    var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(thread))
    var results: [ChurnResult] = []
    for cycle in 0..<churnCycles {
      let mode = random.below(7)
      let names = [
        "events.sink", "events.receive(on:)", "property.sink", "property.receive(on:)",
        "events.map.filter.sink", "property.removeDuplicates.map.sink",
        "events.sink cancelling itself",
      ]
      // Modes whose handler never runs on this thread may hold each call until the cancel
      // starts; property.sink may deliver its current value on this thread, inside sink().
      let holds = [0, 1, 3, 4].contains(mode) && random.chance(50)
      // The churn thread cancels with cancel() (at most one call may follow it); the
      // self-cancelling mode also cancels from inside its handler, on the delivering thread,
      // where no call may follow at all.
      let checked = CheckedHandler(
        "churn thread \(thread) #\(cycle) \(names[mode])\(holds ? " (held)" : "")",
        holdsCallsForCancel: holds)
      let probe = tracker.track(HandlerProbe(), "handler of churn \(thread) #\(cycle)")
      let work = random.below(3) * 300
      let handler: @Sendable (Stamp) -> Void = { stamp in
        withExtendedLifetime(probe) { checked.receive(stamp, work: work) }
      }
      let ownToken = Locked<SubscriptionToken?>(nil)
      let token: SubscriptionToken
      switch mode {
      case 0: token = stream.sink(handler)
      case 1: token = stream.receive(on: .queue(queue)).sink(handler)
      case 2: token = property.sink(handler)
      case 3: token = property.receive(on: .queue(queue)).sink(handler)
      case 4: token = stream.map { $0 }.filter { _ in true }.sink(handler)
      case 5: token = property.removeDuplicates().map { $0 }.sink(handler)
      default:
        // Cancels its own token from inside its handler after three values: no call may
        // follow (the handler is running, and calls never overlap).
        let received = Atomic<Int>(0)
        token = stream.sink { stamp in
          handler(stamp)
          // From the third value on, as soon as the token is stored (the churn thread stores
          // it after sink() returns, and values may arrive before that).
          if received.wrappingAdd(1, ordering: .relaxed).newValue >= 3,
            let own = ownToken.withLock({ $0.take() })
          {
            own.cancel()
            checked.cancelHasReturned(inHandler: true)
          }
        }
        ownToken.withLock { $0 = token }
      }
      tracker.track(token, "churn token \(thread) #\(cycle)")
      token.checkInvariants()
      // Cancel at once (racing the subscription itself) or once calls are flowing, so that the
      // cancel meets a call in flight: wait (boundedly) until one or two calls started.
      let wanted = holds ? 1 : random.within(0...2)
      if wanted > 0 {
        waitBriefly { checked.startedCalls >= wanted || sendersAreDone() }
      }
      checked.cancelWillStart()
      token.cancel()
      checked.cancelHasReturned()
      token.checkInvariants()
      _ = ownToken.withLock { $0.take() }  // breaks token -> handler -> ownToken -> token
      results.append(
        ChurnResult(checked: checked, isProperty: [2, 3, 5].contains(mode), heldCalls: holds))
    }
    return results
  }

  /// A churned subscriber: per sender contiguous; a property subscriber's first value is the
  /// value stored when it joined, so that sender's next value must follow it directly.
  private static func checkChurned(_ values: [Stamp], isProperty: Bool, label: String)
    -> [String]
  {
    guard isProperty, let first = values.first else {
      return StressCheck.contiguousPerSender(values, label: label)
    }
    var problems = StressCheck.contiguousPerSender(values.dropFirst(), label: label)
    if let next = values.dropFirst().first(where: { $0.sender == first.sender }),
      next.sequence != first.sequence + 1
    {
      problems.append("\(label): joined at \(first), next from that sender was \(next)")
    }
    return problems
  }
}
