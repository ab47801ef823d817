import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// Sends, sets, subscriptions and cancellations from several threads at once.
///
/// Values are encoded as `thread * stride + index`, so a test can split what a subscriber
/// received back into each sending thread's sequence and check it is complete and in order.
@Suite(.dedicatedThread) struct ConcurrencyTests {
  private static let threads = 4
  private static let perThread = 10_000
  private static let stride = 1_000_000
  /// The most subscribe-and-cancel rounds a churning thread makes.
  private static let maximumChurnRounds = 3_000

  /// Runs `body(thread)` on `count` dedicated threads released together, and waits for all.
  private static func runTogether(
    _ count: Int, _ body: @escaping @Sendable (Int) -> Void
  ) {
    let start = DispatchSemaphore(value: 0)
    let finished = (0..<count).map { thread in
      startThread {
        start.wait()
        body(thread)
      }
    }
    for _ in 0..<count { start.signal() }
    for (thread, done) in finished.enumerated() {
      waitOrFail(done, "thread \(thread) to finish")
    }
  }

  /// Checks that `received` holds every thread's values exactly once, each thread's in order.
  private static func expectCompletePerThreadOrder(
    _ received: [Int], threads: Int, perThread: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(received.count == threads * perThread, sourceLocation: sourceLocation)
    for thread in 0..<threads {
      let base = thread * stride
      let mine = received.filter { $0 / stride == thread }
      #expect(
        mine == Array(base..<(base + perThread)),
        "thread \(thread)'s values are missing, duplicated or out of order",
        sourceLocation: sourceLocation)
    }
  }

  @Test func concurrentSendsReachEverySubscriberExactlyOnceInPerSenderOrder() {
    let sender = EventSender<Int>()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let deliveries = Counter()
    let overlaps = Counter()
    let calls = Locked(0)
    // One delivery at a time per stream: the two handlers never run at the same time.
    let checkSerial: @Sendable () -> Void = {
      let running = calls.withLock { calls -> Int in
        calls += 1
        return calls
      }
      if running != 1 { overlaps.increment() }
      deliveries.increment()
      calls.withLock { $0 -= 1 }
    }
    let a = sender.stream.sink { value in
      checkSerial()
      first.record(value)
    }
    let b = sender.stream.sink { value in
      checkSerial()
      second.record(value)
    }

    Self.runTogether(Self.threads) { thread in
      for index in 0..<Self.perThread {
        sender.send(thread * Self.stride + index)
      }
    }

    // Every send has returned, so every value has been delivered (a send that found a delivery
    // running was handed to that thread, which only returns once the queue is empty).
    Self.expectCompletePerThreadOrder(
      first.values, threads: Self.threads, perThread: Self.perThread)
    #expect(first.values == second.values, "both subscribers see the one delivery order")
    #expect(overlaps.value == 0)
    #expect(deliveries.value == 2 * Self.threads * Self.perThread)
    _ = (a, b)
  }

  /// `cancel()` never waits, so the round already running on a sending thread may still make
  /// the one call it was about to make; no later round calls the handler. So: at most one call
  /// per subscription after its cancel (or release) returned.
  @Test func concurrentSubscribeAndCancelWhileSendingDeliversAtMostOnceAfterCancelReturns() {
    let sender = EventSender<Int>()
    let steady = Recorder<Int>()
    let steadyToken = sender.stream.sink { steady.record($0) }
    let subscriptionsCalledTwiceLate = Counter()
    let sendersDone = Flag()
    let finishedSenders = Counter()
    let sendingThreads = 2
    let perThread = 5_000

    Self.runTogether(sendingThreads + 2) { thread in
      if thread < sendingThreads {
        for index in 0..<perThread {
          sender.send(thread * Self.stride + index)
        }
        finishedSenders.increment()
        if finishedSenders.value == sendingThreads { sendersDone.raise() }
      } else {
        var rounds = 0
        // Bounded: a sending thread that became the deliverer drains what the churners queue
        // (their subscriptions' first deliveries) and may not return while they keep going, so
        // "until the senders are done" alone can livelock (seen under ThreadSanitizer).
        while rounds < 100 || (!sendersDone.isRaised && rounds < Self.maximumChurnRounds) {
          rounds += 1
          let cancelled = Flag()
          let lateCalls = Counter()
          let token = sender.stream.sink { _ in
            guard cancelled.isRaised else { return }
            lateCalls.increment()
            if lateCalls.value == 2 { subscriptionsCalledTwiceLate.increment() }
          }
          if rounds.isMultiple(of: 2) {
            token.cancel()
          } else {
            _ = consume token  // releasing is cancelling
          }
          cancelled.raise()
        }
      }
    }

    #expect(
      subscriptionsCalledTwiceLate.value == 0, "a handler ran twice after its cancel() returned")
    Self.expectCompletePerThreadOrder(
      steady.values, threads: sendingThreads, perThread: perThread)
    steadyToken.cancel()
  }

  @Test func propertySubscribersEndOnTheFinalStoredValueAfterConcurrentSets() {
    let owner = MutableProperty(-1)
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let a = owner.property.sink { first.record($0) }
    let b = owner.property.sink { second.record($0) }
    // Subscribers that join while values are being set, from other threads.
    let joiners = Locked<[(token: SubscriptionToken, last: Slot<Int>)]>([])
    let perSetter = 2_500

    Self.runTogether(Self.threads + 2) { thread in
      if thread < Self.threads {
        for index in 0..<perSetter {
          owner.value = thread * Self.stride + index
        }
      } else {
        for _ in 0..<50 {
          let last = Slot<Int>()
          let token = owner.property.sink { last.value = $0 }
          joiners.withLock { $0.append((token, last)) }
        }
      }
    }

    let stored = owner.value
    #expect(first.values.first == -1)
    #expect(first.values.last == stored)
    #expect(second.values.last == stored)
    #expect(first.values == second.values)
    Self.expectCompletePerThreadOrder(
      Array(first.values.dropFirst()), threads: Self.threads, perThread: perSetter)
    let lastValues = joiners.withLock { $0.map { $0.last.value } }
    #expect(lastValues.count == 100)
    #expect(lastValues.allSatisfy { $0 == stored }, "a joiner ended on a stale value")
    _ = (a, b)
  }

  @Test func sendWhileAnotherThreadDeliversReturnsAtOnceAndThatThreadDeliversIt() {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    let firstEntered = DispatchSemaphore(value: 0)
    let releaseFirst = DispatchSemaphore(value: 0)
    let token = sender.stream.sink { value in
      log.record("\(value) on \(currentThreadName ?? "?")")
      if value == 1 {
        firstEntered.signal()
        _ = releaseFirst.wait(timeout: .now() + hangGuard)
      }
    }
    let delivering = startThread(named: "A") { sender.send(1) }
    guard waitOrFail(firstEntered, "the first delivery to start") else { return }

    // While A is held inside the handler, B's send must queue the value and return.
    let otherSend = startThread(named: "B") { sender.send(2) }
    let returned = waitOrFail(otherSend, "send() to return while another thread delivers")
    #expect(log.values == ["1 on A"], "2 must wait for the delivery in progress")
    releaseFirst.signal()
    waitOrFail(delivering, "the delivering thread")
    #expect(returned)
    #expect(log.values == ["1 on A", "2 on A"], "the thread already delivering delivers 2")
    token.cancel()
  }
}
