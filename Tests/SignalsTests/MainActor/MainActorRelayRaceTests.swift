import Dispatch
import Signals
import Testing

/// The main-actor relay delivering on the main thread (a value sent there with nothing queued
/// is delivered at once) against a cancellation from another thread, which must either see the
/// round running and park, or come first so that the round never calls the handler. These
/// tests race the two many times; under `--sanitize=thread` (CI) a handler call racing the
/// handler's release is also reported. (The second edition started such rounds with a
/// compare-and-swap and no lock; the third starts every round under the lock.)
// A hang guard, not a deadline: each race waits for a new thread to be scheduled, and beside
// six busy loops on two cores the 400 races of the two loops below took 90 s (2 s when quiet).
@Suite(.timeLimit(.minutes(5))) @MainActor struct MainActorRelayRaceTests {
  /// Deterministic: a round that started without the lock (a value sent on the main actor, with
  /// nothing queued) is held inside its handler until a `cancelAndWait()` from another thread
  /// is parked on it. The canceller returns only after that round has ended and the handler
  /// (with what it captured) has been released, and no later send reaches the handler.
  @Test func cancelAndWaitParksOnARoundThatStartedWithoutTheLock() {
    let sender = EventSender<Int>()
    let log = Log<String>()
    let token = Slot<SubscriptionToken>()
    let cancelling = Slot<DispatchSemaphore>()
    do {
      let tracked = Tracked()
      let capture = WeakReference(tracked)
      token.value = sender.stream.receive(on: .mainActor).sink { value in
        withExtendedLifetime(tracked) { log.append("call \(value)") }
        guard value == 1, let subscription = token.value else { return }
        cancelling.value = startThread {
          subscription.cancelAndWait()
          log.append("cancelAndWait returned, captures alive: \(capture.value != nil)")
        }
        log.append("canceller parked: \(waitUntilParked(subscription))")
      }
    }
    sender.send(1)  // the handler above runs inside this send, on the main actor
    if let cancellingThread = cancelling.value {
      waitOrFail(cancellingThread, "the cancelling thread")
    }
    sender.send(2)
    #expect(
      log.all == [
        "call 1", "canceller parked: true", "cancelAndWait returned, captures alive: false",
      ])
    token.value = nil
  }

  /// A cancel from another thread while the main actor keeps sending: once `cancelAndWait()`
  /// has returned, the handler is never called again, and what it captured is released.
  @Test func cancelAndWaitFromAnotherThreadDuringMainActorSendsEndsDeliveryAndReleases() async {
    for _ in 0..<200 {
      await Task.yield()  // one race at a time blocks the main thread, not all 200
      let race = raceMainActorSends { $0.cancelAndWait() }
      #expect(race.calls == race.callsWhenCancelReturned)
      #expect(!race.handlerCapturesAlive, "cancelAndWait() returned before the handler's release")
    }
  }

  /// A plain `cancel()` from another thread, raced the same way: at most the one call that a
  /// round already running could still make happens after it returns, and the handler is
  /// released once the main actor's round has ended.
  @Test func cancelFromAnotherThreadDuringMainActorSendsAllowsAtMostOneMoreCall() async {
    for _ in 0..<200 {
      await Task.yield()  // one race at a time blocks the main thread, not all 200
      let race = raceMainActorSends { $0.cancel() }
      #expect(race.calls <= race.callsWhenCancelReturned + 1)
      #expect(!race.handlerCapturesAlive, "the handler was not released after the last round")
    }
  }
}

/// Subscribes through `receive(on: .mainActor)` and races sends on the main actor (nothing
/// queued: the relay's short way) against `cancelling` on another thread
/// (``raceCancellation(subscribe:cancelling:afterSend:settle:)``).
@MainActor private func raceMainActorSends(
  cancelling: @escaping @Sendable (SubscriptionToken) -> Void
) -> CancelRaceOutcome {
  raceCancellation(
    subscribe: { stream, handler in stream.receive(on: .mainActor).sink(handler) },
    cancelling: cancelling)
}
