import Dispatch
import Signals
import SignalsTestSupport
import Testing

/// The main-actor relay delivering on the main thread (a value sent there with nothing queued
/// is delivered at once) against a cancellation from another thread: at most the one call a
/// running round was about to make may follow it. These
/// tests race the two many times; under `--sanitize=thread` (CI) a handler call racing the
/// handler's release is also reported. (The second edition started such rounds with a
/// compare-and-swap and no lock; the third starts every round under the lock.)
// A hang guard, not a deadline: each race waits for a new thread to be scheduled, and beside
// six busy loops on two cores the 400 races of the two loops below took 90 s (2 s when quiet).
@Suite(.timeLimit(.minutes(5))) @MainActor struct MainActorRelayRaceTests {
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
