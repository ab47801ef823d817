import Dispatch
import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `cancel()` never waits, checked from both sides, with handlers held in place by semaphores
/// the test controls: not for another subscriber's handler, not for its own call in flight. It
/// returns while they run; the call in flight finishes; no later call starts. Timed waits
/// appear only as hang guards that turn a deadlock into a failure.
@Suite(.dedicatedThread) struct CrossThreadCancelTests {
  @Test func cancelOfAnIdleSubscriptionReturnsWhileAnotherSubscribersHandlerIsBlocked() {
    let sender = EventSender<Int>()
    let blocker = BlockingHandler()
    let log = Recorder<String>()
    let blocking = sender.stream.sink(blocker.receive)
    let idle = sender.stream.sink { log.record("idle received \($0)") }

    let sending = startThread { sender.send(1) }
    guard waitOrFail(blocker.entered, "the blocking handler to start") else { return }
    // The round is now stuck in the first handler; the second subscriber is not running.
    waitOrFail(startThread { idle.cancel() }, "cancel() while another handler is blocked")

    blocker.release.signal()
    waitOrFail(sending, "the send to return")
    #expect(log.values == [], "the round reached the cancelled subscriber after cancel() returned")
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
    #expect(blocker.log.values == ["1 started", "cancel returned", "1 returned"])
  }

}

/// A handler that logs each call's start and return and, for the value `blocksOn`, signals
/// ``entered`` and blocks until the test signals ``release``.
private final class BlockingHandler: Sendable {
  let log = Recorder<String>()
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  private let blocksOn: Int

  init(blocksOn: Int = 1) {
    self.blocksOn = blocksOn
  }

  @Sendable func receive(_ value: Int) {
    log.record("\(value) started")
    if value == blocksOn {
      entered.signal()
      if release.wait(timeout: .now() + hangGuard) == .timedOut {
        log.record("never released")
      }
    }
    log.record("\(value) returned")
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
  _ token: SubscriptionToken, loggingTo log: Recorder<String>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  waitOrFail(
    startThread { token.cancel() }, "cancel(), which must not wait",
    sourceLocation: sourceLocation)
  log.record("cancel returned")
}

/// An object whose `deinit` logs, then blocks until the test signals `finish`: it holds a
/// handler's release (which runs it) in place.
private final class BlocksInDeinit: Sendable {
  private let log: Recorder<String>
  private let entered: DispatchSemaphore
  private let finish: DispatchSemaphore

  init(log: Recorder<String>, entered: DispatchSemaphore, finish: DispatchSemaphore) {
    self.log = log
    self.entered = entered
    self.finish = finish
  }

  deinit {
    log.record("deinit started")
    entered.signal()
    _ = finish.wait(timeout: .now() + hangGuard)
    log.record("deinit finished")
  }
}
