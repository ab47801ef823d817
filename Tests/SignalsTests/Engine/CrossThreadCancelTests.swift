import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// The waiting rules of cancellation, each checked from both sides, with handlers held in
/// place by semaphores the test controls:
/// - `cancel()` never waits: not for another subscriber's handler, not for its own call in
///   flight. It returns while they run; the call in flight finishes; no later call starts.
/// - `cancelAndWait()` waits for the running round to end (its own call included), and no
///   longer: not for the rounds queued behind it. From inside a handler it does not wait.
///
/// Nothing here depends on timing: a test that needs a canceller to be blocked waits until the
/// token counts it as parked (`parkedCancellerCount`, counted under the stream's lock right
/// before it blocks, and only the end of the round, held by the test, can release it). Timed waits appear only as hang guards that turn a deadlock into a
/// failure.
@Suite(.dedicatedThread) struct CrossThreadCancelTests {
  @Test func cancelOfAnIdleSubscriptionReturnsWhileAnotherSubscribersHandlerIsBlocked() {
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let log = Log<String>()
    let blocking = sender.stream.sink(blocker.receive)
    let idle = sender.stream.sink { log.append("idle received \($0)") }

    let sending = startThread { sender.send(1) }
    guard waitOrFail(blocker.entered, "the blocking handler to start") else { return }
    // The round is now stuck in the first handler; the second subscriber is not running.
    waitOrFail(startThread { idle.cancel() }, "cancel() while another handler is blocked")

    blocker.release.signal()
    waitOrFail(sending, "the send to return")
    #expect(log.all == [], "the round reached the cancelled subscriber after cancel() returned")
    withExtendedLifetime(blocking) {}
  }

  @Test func cancelDuringItsOwnCallReturnsAtOnceAndTheCallInFlightFinishes() {
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let token = sender.stream.sink(blocker.receive)

    guard let sending = blocker.sendOneAndWaitUntilItRuns(on: sender) else { return }
    cancelOnAnotherThread(token, loggingTo: blocker.log)

    blocker.release.signal()
    waitOrFail(sending, "the send to return")
    sender.send(2)
    #expect(blocker.log.all == ["1 started", "cancel returned", "1 returned"])
  }

  @Test func cancelAndWaitDuringItsOwnCallWaitsForThatCall() {
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let token = sender.stream.sink(blocker.receive)

    guard let sending = blocker.sendOneAndWaitUntilItRuns(on: sender) else { return }
    guard let cancelling = cancelAndWaitOnAnotherThread(token, loggingTo: blocker.log) else {
      return
    }
    // Parked, and only the end of the round (held by this test) can release it.
    #expect(blocker.log.all == ["1 started"])

    blocker.release.signal()
    waitOrFail(sending, "the send to return")
    waitOrFail(cancelling, "cancelAndWait() to return once the round ended")
    sender.send(2)
    #expect(blocker.log.all == ["1 started", "1 returned", "cancelAndWait returned"])
  }

  @Test func cancelAndWaitOfAnIdleSubscriptionDoesNotPark() {
    let sender = EventSender<Int>()
    let token = sender.stream.sink { _ in }
    token.cancelAndWait()  // returns on this thread: nothing to wait for
    #expect(token.parkedCancellerCount == 0)
  }

  @Test func cancelAndWaitWaitsForTheRunningRoundOnlyNotForRoundsQueuedBehindIt() {
    // Value 1's round is held in `first`; value 2 is queued. cancelAndWait() on `first` returns
    // when round 1 ends, while round 2 is still held in `second`.
    let sender = EventSender<Int>()
    let first = BlockingHandler()
    let second = BlockingHandler(blocksOn: 2)
    let firstToken = sender.stream.sink(first.receive)
    let secondToken = sender.stream.sink(second.receive)

    let sending = startThread {
      sender.send(1)  // delivers 1, then 2, which another thread queues meanwhile
    }
    guard waitOrFail(first.entered, "round 1 to start") else { return }
    waitOrFail(startThread { sender.send(2) }, "value 2 to be queued")
    let cancelling = startThread { firstToken.cancelAndWait() }
    guard waitUntilParked(firstToken) else { return }

    first.release.signal()
    guard waitOrFail(second.entered, "round 2 to start") else { return }
    waitOrFail(cancelling, "cancelAndWait() to return while round 2 is still running")
    second.release.signal()
    waitOrFail(sending, "the send to return")
    #expect(first.log.all == ["1 started", "1 returned"])
    #expect(second.log.all == ["1 started", "1 returned", "2 started", "2 returned"])
    withExtendedLifetime(secondToken) {}
  }

  @Test func cancelAndWaitFromInsideAnotherHandlerDoesNotWait() {
    // Thread B, inside a handler of `trigger`, cancels `watched` while watched's handler runs
    // on thread A. Waiting would deadlock (A waits for B below), so it returns at once; the
    // call in flight finishes, no other starts.
    let watched = EventSender<Int>()
    let trigger = EventSender<Void>()
    let blocker = BlockingHandler()
    let watchedToken = watched.stream.sink(blocker.receive)
    let triggerToken = trigger.stream.sink {
      watchedToken.cancelAndWait()
      blocker.log.append("cancelAndWait returned inside trigger handler")
      blocker.release.signal()
    }

    let threadA = startThread { watched.send(1) }
    guard waitOrFail(blocker.entered, "the watched handler to start") else { return }
    waitOrFail(startThread { trigger.send() }, "the trigger handler (it must not wait)")
    waitOrFail(threadA, "the watched handler to finish its call in flight")

    watched.send(2)
    #expect(
      blocker.log.all == [
        "1 started", "cancelAndWait returned inside trigger handler", "1 returned",
      ])
    withExtendedLifetime(triggerToken) {}
  }

  @Test func twoHandlersCancellingEachOtherAndWaitingOnTwoThreadsDoNotDeadlock() {
    let left = EventSender<Int>()
    let right = EventSender<Int>()
    let log = Log<String>()
    let leftInside = DispatchSemaphore(value: 0)
    let rightInside = DispatchSemaphore(value: 0)
    let leftToken = Slot<SubscriptionToken>()
    let rightToken = Slot<SubscriptionToken>()
    leftToken.value = left.stream.sink { value in
      log.append("left \(value)")
      guard value == 1 else { return }
      leftInside.signal()
      _ = rightInside.wait(timeout: .now() + hangGuard)  // both handlers are now running
      rightToken.value?.cancelAndWait()
      log.append("left cancelled right")
    }
    rightToken.value = right.stream.sink { value in
      log.append("right \(value)")
      guard value == 1 else { return }
      rightInside.signal()
      _ = leftInside.wait(timeout: .now() + hangGuard)
      leftToken.value?.cancelAndWait()
      log.append("right cancelled left")
    }

    let leftThread = startThread { left.send(1) }
    let rightThread = startThread { right.send(1) }
    let leftDone = waitOrFail(leftThread, "the left handler (deadlock?)")
    let rightDone = waitOrFail(rightThread, "the right handler (deadlock?)")
    guard leftDone, rightDone else { return }

    left.send(2)
    right.send(2)
    let entries = log.all
    #expect(entries.count == 4)
    #expect(
      Set(entries) == ["left 1", "right 1", "left cancelled right", "right cancelled left"])
  }

  @Test func cancelAndWaitAfterACancelThatDidNotWaitStillWaitsForTheRelease() {
    // The first cancel() returns at once while the handler runs. A later cancelAndWait() must
    // still wait until the call in flight is over: the promise holds for each caller.
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let token = sender.stream.sink(blocker.receive)
    guard let sending = blocker.sendOneAndWaitUntilItRuns(on: sender) else { return }
    cancelOnAnotherThread(token, loggingTo: blocker.log)  // the first cancel: it does not wait

    guard let waiting = cancelAndWaitOnAnotherThread(token, loggingTo: blocker.log) else { return }
    blocker.release.signal()
    waitOrFail(sending, "the send to return")
    waitOrFail(waiting, "cancelAndWait() to return")
    #expect(
      blocker.log.all == ["1 started", "cancel returned", "1 returned", "cancelAndWait returned"])
  }

  @Test func cancelAndWaitWaitsForAReleaseAnotherCancellerIsStillMaking() {
    // An idle channel: a cancel() retires the subscriber and releases its handler after
    // unlocking, and what the handler captured runs its deinit there. A cancelAndWait() that
    // arrives in between (the subscriber is retired, its handler not yet released) must wait
    // for that release, not return because the subscriber is retired.
    let sender = EventSender<Int>()
    let deinitLog = Log<String>()
    let entered = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    var capture: BlocksInDeinit? = BlocksInDeinit(log: deinitLog, entered: entered, finish: finish)
    let token = sender.stream.sink { [capture] _ in withExtendedLifetime(capture) {} }
    capture = nil  // the handler holds the only reference now

    let cancelling = startThread { token.cancel() }  // releases the handler, so runs the deinit
    guard waitOrFail(entered, "the captured object's deinit to start") else { return }
    guard let waiting = cancelAndWaitOnAnotherThread(token, loggingTo: deinitLog) else {
      finish.signal()
      return
    }
    // Parked, and only the end of the release (held by this test) can let it go.
    #expect(deinitLog.all == ["deinit started"])

    finish.signal()
    waitOrFail(cancelling, "cancel() to return")
    waitOrFail(waiting, "cancelAndWait() to return")
    #expect(deinitLog.all == ["deinit started", "deinit finished", "cancelAndWait returned"])
  }

  @Test func cancelAndWaitWaitsForTheReleaseARoundsEndIsStillMaking() {
    // The same window at a round's end: the deliverer retires a subscriber cancelled during the
    // round and releases its handler after unlocking, running what it captured's deinit.
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let entered = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    var capture: BlocksInDeinit? = BlocksInDeinit(
      log: blocker.log, entered: entered, finish: finish)
    let token = sender.stream.sink { [capture] value in
      withExtendedLifetime(capture) { blocker.receive(value) }
    }
    capture = nil  // the handler holds the only reference now

    guard let sending = blocker.sendOneAndWaitUntilItRuns(on: sender) else { return }
    cancelOnAnotherThread(token, loggingTo: blocker.log)  // parked: the round retires it
    blocker.release.signal()  // the round ends; its deliverer releases the handler
    guard waitOrFail(entered, "the captured object's deinit to start") else { return }
    guard let waiting = cancelAndWaitOnAnotherThread(token, loggingTo: blocker.log) else {
      finish.signal()
      return
    }
    #expect(blocker.log.all == ["1 started", "cancel returned", "1 returned", "deinit started"])

    finish.signal()
    waitOrFail(sending, "the send to return")
    waitOrFail(waiting, "cancelAndWait() to return")
    #expect(
      blocker.log.all == [
        "1 started", "cancel returned", "1 returned", "deinit started", "deinit finished",
        "cancelAndWait returned",
      ])
  }

  @Test func cancelAndWaitInADeinitThatItsOwnReleaseRunsDoesNotWaitForItself() {
    // An owner holds the token and cancels it in its deinit; the handler captures the owner, so
    // cancelling releases the last reference and runs that deinit, on the cancelling thread, in
    // the middle of the release the nested cancelAndWait() would otherwise wait for.
    let sender = EventSender<Int>()
    let log = Log<String>()
    var owner: CancelsInDeinit? = CancelsInDeinit(log: log)
    let token = sender.stream.sink { [owner] _ in withExtendedLifetime(owner) {} }
    owner?.token = token
    owner = nil  // the handler holds the only reference now

    waitOrFail(startThread { token.cancel() }, "cancel(), whose release runs the deinit")
    #expect(log.all == ["cancelAndWait in deinit returned"])
  }

  @Test func cancelAndWaitThroughReceiveOnWaitsForTheHandlerRunningOnTheQueue() {
    let sender = EventSender<Int>()
    let queue = DispatchQueue(label: "CrossThreadCancelTests.delivery")
    let blocker = BlockingHandler()
    let token = sender.stream.receive(on: .queue(queue)).sink(blocker.receive)
    sender.send(1)
    sender.send(2)  // queued behind 1 for this subscriber
    guard waitOrFail(blocker.entered, "the handler to start on the queue") else { return }

    // The relay's round runs on the queue and holds the handler: cancelAndWait parks there.
    // (It cancels the relay first, so 2, queued in the relay, is never delivered.)
    guard let cancelling = cancelAndWaitOnAnotherThread(token, loggingTo: blocker.log) else {
      return
    }
    #expect(blocker.log.all == ["1 started"])
    blocker.release.signal()
    waitOrFail(cancelling, "cancelAndWait() to return")
    queue.sync {}
    #expect(blocker.log.all == ["1 started", "1 returned", "cancelAndWait returned"])
  }
}

/// A handler that logs each call's start and return and, for the value `blocksOn`, signals
/// ``entered`` and blocks until the test signals ``release``.
private final class BlockingHandler: Sendable {
  let log = Log<String>()
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  private let blocksOn: Int

  init(blocksOn: Int = 1) {
    self.blocksOn = blocksOn
  }

  @Sendable func receive(_ value: Int) {
    log.append("\(value) started")
    if value == blocksOn {
      entered.signal()
      if release.wait(timeout: .now() + hangGuard) == .timedOut {
        log.append("never released")
      }
    }
    log.append("\(value) returned")
  }
}

extension BlockingHandler {
  /// Sends 1 on a new thread and waits until this handler is running it. Returns the thread's
  /// semaphore, signalled when the send returns; `nil`, with an issue recorded, if the handler
  /// never starts.
  func sendOneAndWaitUntilItRuns(
    on sender: EventSender<Int>, sourceLocation: SourceLocation = #_sourceLocation
  ) -> DispatchSemaphore? {
    let sending = startThread { sender.send(1) }
    guard waitOrFail(entered, "the handler to start", sourceLocation: sourceLocation) else {
      return nil
    }
    return sending
  }
}

/// Calls `token.cancel()` on a new thread and waits for it to return (bounded: it must not
/// wait for the handler), then logs "cancel returned".
private func cancelOnAnotherThread(
  _ token: SubscriptionToken, loggingTo log: Log<String>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  waitOrFail(
    startThread { token.cancel() }, "cancel(), which must not wait",
    sourceLocation: sourceLocation)
  log.append("cancel returned")
}

/// An object whose `deinit` logs, then blocks until the test signals `finish`: it holds a
/// handler's release (which runs it) in place.
private final class BlocksInDeinit: Sendable {
  private let log: Log<String>
  private let entered: DispatchSemaphore
  private let finish: DispatchSemaphore

  init(log: Log<String>, entered: DispatchSemaphore, finish: DispatchSemaphore) {
    self.log = log
    self.entered = entered
    self.finish = finish
  }

  deinit {
    log.append("deinit started")
    entered.signal()
    _ = finish.wait(timeout: .now() + hangGuard)
    log.append("deinit finished")
  }
}

/// An object that holds a token and cancels it with `cancelAndWait()` in its `deinit`.
private final class CancelsInDeinit: Sendable {
  private let log: Log<String>
  private let held = Locked<SubscriptionToken?>(nil)

  init(log: Log<String>) {
    self.log = log
  }

  /// The token its `deinit` cancels.
  var token: SubscriptionToken? {
    get { held.withLock { $0 } }
    set { held.withLock { $0 = newValue } }
  }

  deinit {
    token?.cancelAndWait()
    log.append("cancelAndWait in deinit returned")
  }
}
