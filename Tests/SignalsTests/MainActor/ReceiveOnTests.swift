import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// A virtual-time scheduler that calls back into Signals every time it is used: it reads a
/// property and sends an event. Signals promises never to call a scheduler under one of its own
/// locks, so this must neither deadlock nor trip the non-recursive lock.
private final class CallingBackScheduler: SignalScheduler {
  var now: Duration { clock.now }

  let clock = TestScheduler()
  let probe = MutableProperty(0)
  let pings = EventSender<Int>()

  private func callBack() {
    pings.send(probe.value)
    probe.value += 1
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    callBack()
    clock.schedule(action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    callBack()
    return clock.schedule(after: delay, action)
  }
}

/// `receive(on:)` with dispatch queues, `.inline` and a `TestScheduler`, and the schedulers
/// themselves.
@Suite(.dedicatedThread) struct ReceiveOnTests {
  /// What one subscriber saw through a queue: values, whether each arrived on the queue, and
  /// whether two calls ever overlapped.
  private final class QueueSubscriber: Sendable {
    let values = Recorder<Int>()
    let offQueue = Counter()
    let overlaps = Counter()
    let finished = DispatchSemaphore(value: 0)
    private let running = Locked(0)
    private let last: Int

    init(last: Int) {
      self.last = last
    }

    func receive(_ value: Int, onQueue: Bool) {
      let concurrent = running.withLock { running -> Bool in
        running += 1
        return running > 1
      }
      if concurrent { overlaps.increment() }
      if !onQueue { offQueue.increment() }
      values.record(value)
      running.withLock { $0 -= 1 }
      if value == last { finished.signal() }
    }
  }

  private static func deliverThroughQueue(concurrent: Bool) {
    let label = concurrent ? "ReceiveOnTests.concurrent" : "ReceiveOnTests.serial"
    let queue = DispatchQueue(label: label, attributes: concurrent ? [.concurrent] : [])
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let sender = EventSender<Int>()
    let count = 500
    let subscribers = [QueueSubscriber(last: count - 1), QueueSubscriber(last: count - 1)]
    let tokens = subscribers.map { subscriber in
      sender.stream.receive(on: .queue(queue)).sink { value in
        subscriber.receive(value, onQueue: DispatchQueue.getSpecific(key: key) == true)
      }
    }
    for value in 0..<count { sender.send(value) }
    for (index, subscriber) in subscribers.enumerated() {
      guard waitOrFail(subscriber.finished, "subscriber \(index) to receive every value") else {
        continue
      }
      #expect(subscriber.values.values == Array(0..<count), "subscriber \(index) order")
      #expect(subscriber.offQueue.value == 0, "subscriber \(index) was called off the queue")
      #expect(subscriber.overlaps.value == 0, "subscriber \(index) had overlapping calls")
    }
    for token in tokens { token.cancel() }
  }

  @Test func serialQueueDeliversEachSubscriberItsEventsInOrderOnTheQueue() {
    Self.deliverThroughQueue(concurrent: false)
  }

  @Test func concurrentQueueStillDeliversEachSubscriberInOrderOneAtATime() {
    Self.deliverThroughQueue(concurrent: true)
  }

  @Test func propertyThroughAQueueStartsWithTheCurrentValue() {
    let queue = DispatchQueue(label: "ReceiveOnTests.property")
    let owner = MutableProperty(0)
    let received = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    let token = owner.property.receive(on: .queue(queue)).sink { value in
      received.record(value)
      if value == 2 { done.signal() }
    }
    owner.value = 1
    owner.value = 2
    waitOrFail(done, "the last value on the queue")
    #expect(received.values == [0, 1, 2])
    token.cancel()
  }

  // MARK: .inline

  @Test func receiveOnImmediateDeliversDuringTheSendCall() {
    let sender = EventSender<Int>()
    let owner = MutableProperty(0)
    let insideCall = Flag()
    let duringCall = Recorder<String>()
    let events = sender.stream.receive(on: .inline).sink { value in
      duringCall.record("event \(value) \(insideCall.isRaised)")
    }
    let state = owner.property.receive(on: .inline).sink { value in
      duringCall.record("state \(value) \(insideCall.isRaised)")
    }
    insideCall.raise()
    sender.send(1)
    owner.value = 1
    #expect(duringCall.values == ["state 0 false", "event 1 true", "state 1 true"])
    _ = (events, state)
  }

  @Test func inlineSchedulerRunsWorkAtOnceAndIgnoresDelays() {
    let log = Recorder<String>()
    let scheduler = InlineScheduler.inline
    scheduler.schedule { log.record("now") }
    let token = scheduler.schedule(after: .seconds(60)) { log.record("after a minute") }
    log.record("returned")
    #expect(log.values == ["now", "after a minute", "returned"])
    token.cancel()
  }

  @Test func debounceOnTheImmediateSchedulerPassesEveryEventThrough() {
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.debounce(for: .seconds(1), scheduler: .inline))
    for value in 1...3 { sender.send(value) }
    #expect(recorder.values == [1, 2, 3])
  }

  // MARK: TestScheduler

  @Test func receiveOnATestSchedulerDeliversOnlyWhenTheClockMoves() {
    let scheduler = TestScheduler()
    let sender = EventSender<Int>()
    let recorder = Recorder(sender.stream.receive(on: scheduler), scheduler: scheduler)
    sender.send(1)
    sender.send(2)
    #expect(recorder.values == [])
    scheduler.advance()
    #expect(recorder.values == [1, 2])
    scheduler.advance(by: .milliseconds(5))
    sender.send(3)
    #expect(recorder.values == [1, 2])
    scheduler.advance(by: .milliseconds(5))
    #expect(
      recorder.timedValues == [
        TimedValue(.zero, 1), TimedValue(.zero, 2), TimedValue(.milliseconds(5), 3),
      ])
  }

  @Test func propertyOnATestSchedulerDeliversTheCurrentValueThroughTheSchedulerToo() {
    let scheduler = TestScheduler()
    let owner = MutableProperty("a")
    let scheduled = owner.property.receive(on: scheduler)
    let recorder = Recorder(scheduled)
    #expect(recorder.values == [])
    scheduler.advance()
    #expect(recorder.values == ["a"])
    owner.value = "b"
    // `value` reads the stored value directly: it is ahead of what was delivered.
    #expect(scheduled.value == "b")
    #expect(recorder.values == ["a"])
    scheduler.advance()
    #expect(recorder.values == ["a", "b"])
  }

  @Test func cancellingDropsValuesStillQueuedOnTheScheduler() {
    let scheduler = TestScheduler()
    let sender = EventSender<Int>()
    let dropped = Recorder(sender.stream.receive(on: scheduler))
    let kept = Recorder(sender.stream.receive(on: scheduler))
    sender.send(1)
    sender.send(2)
    dropped.cancel()
    scheduler.run()
    #expect(dropped.values == [])
    #expect(kept.values == [1, 2])
  }

  // MARK: DispatchQueueScheduler

  @Test func dispatchQueueRunsScheduledWorkOnTheQueueAndSkipsCancelledWork() {
    let queue = DispatchQueue(label: "ReceiveOnTests.scheduler")
    let scheduler: DispatchQueueScheduler = .queue(queue)
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let log = Recorder<String>()
    let done = DispatchSemaphore(value: 0)
    // Hold the serial queue so no scheduled work can start before the test has cancelled what
    // it means to cancel: timers may fire, but their work waits behind this block.
    let gate = DispatchSemaphore(value: 0)
    queue.async { _ = gate.wait(timeout: .now() + hangGuard) }

    scheduler.schedule {
      log.record("soon, on queue: \(DispatchQueue.getSpecific(key: key) == true)")
    }
    let cancelled = scheduler.schedule(after: .zero) { log.record("cancelled ran") }
    cancelled.cancel()
    let kept = scheduler.schedule(after: .milliseconds(1)) {
      log.record("later, on queue: \(DispatchQueue.getSpecific(key: key) == true)")
      done.signal()
    }
    gate.signal()
    waitOrFail(done, "the delayed work")
    queue.sync {}  // anything submitted to this serial queue before now has run
    #expect(log.values == ["soon, on queue: true", "later, on queue: true"])
    kept.cancel()
  }

  /// A queue itself is no scheduler: Combine (re-exported by SwiftUI) gives `DispatchQueue` its
  /// own `schedule(_:)`, which a conformance here would make ambiguous in files importing both.
  @Test func aDispatchQueueIsNotItselfASignalScheduler() {
    #expect(!((DispatchQueue.main as Any) is any SignalScheduler))
  }

  @Test func schedulerMayCallBackIntoSignalsWhileTheyUseIt() {
    let scheduler = CallingBackScheduler()
    let owner = MutableProperty("a")
    let sender = EventSender<String>()
    let pings = Recorder(scheduler.pings.stream)
    // The scheduled work itself also reads the upstream property the value came from.
    let received = Recorder<String>()
    let state = owner.property.receive(on: scheduler).sink { value in
      received.record("\(value) while \(owner.value)")
    }
    let events = sender.stream.debounce(for: .milliseconds(10), scheduler: scheduler)
      .receive(on: scheduler)
      .sink { received.record("event \($0)") }
    owner.value = "b"
    sender.send("x")
    scheduler.clock.run()
    #expect(received.values == ["a while b", "b while b", "event x"])
    #expect(pings.values == [0, 1, 2])
    _ = (state, events)
  }

  // MARK: one job per burst

  /// A subscriber's values that arrive before its delivery job runs are delivered by that one
  /// job, in order: work scheduled on the same scheduler between two sends runs after both.
  /// (OpenCombine, ReactiveSwift and RxSwift schedule one job per value, so there it would run
  /// in between.) One job per burst keeps the order and the cost per value low; for state,
  /// a screen draws the newest value on its next turn either way.
  @Test func valuesSentBeforeTheDeliveryJobRunsAreDeliveredByThatOneJob() {
    let scheduler = TestScheduler()
    let sender = EventSender<String>()
    let log = Recorder<String>()
    let token = sender.stream.receive(on: scheduler).sink { log.record($0) }
    sender.send("value 1")
    scheduler.schedule { log.record("work scheduled between the sends") }
    sender.send("value 2")
    scheduler.advance()
    #expect(log.values == ["value 1", "value 2", "work scheduled between the sends"])
    token.cancel()
  }
}
