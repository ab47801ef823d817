import Dispatch
import Signals
import Synchronization
import Testing

/// The main-actor relay's short way (`Channel.sendFromSoleProducer`): a value sent on the main
/// actor with nothing queued starts its round with one CAS and no lock. Its one rival is a
/// cancellation from another thread, which must either see the round running and park, or
/// come first and be seen by the round. These tests race the two many times; under
/// `--sanitize=thread` (CI) a handler read racing the handler's release is also reported.
@Suite(.timeLimit(.minutes(1))) @MainActor struct MainActorRelayRaceTests {
  /// A cancel from another thread while the main actor keeps sending: once `cancelAndWait()`
  /// has returned, the handler is never called again, and what it captured is released.
  @Test func cancelAndWaitFromAnotherThreadDuringMainActorSendsEndsDeliveryAndReleases() {
    for _ in 0..<200 {
      let sender = EventSender<Int>()
      let calls = Counter()
      let callsAfterCancelReturned = Atomic<Int>(-1)
      let cancelReturned = Flag()
      weak var captured: Tracked?
      var token: SubscriptionToken?
      do {
        let tracked = Tracked()
        captured = tracked
        token = sender.stream.receive(on: .mainActor).sink { _ in
          withExtendedLifetime(tracked) { calls.increment() }
        }
      }
      guard let cancelled = token else { return }
      let cancelling = startThread {
        cancelled.cancelAndWait()
        callsAfterCancelReturned.store(calls.value, ordering: .sequentiallyConsistent)
        cancelReturned.raise()
      }
      var sent = 0
      while !cancelReturned.isRaised {
        sender.send(sent)  // on the main actor, nothing queued: the short way
        sent += 1
      }
      waitOrFail(cancelling, "the cancelling thread")
      for value in 0..<10 {
        sender.send(value)
      }
      #expect(calls.value == callsAfterCancelReturned.load(ordering: .sequentiallyConsistent))
      #expect(captured == nil, "cancelAndWait() returned before the handler was released")
      token = nil
    }
  }

  /// A plain `cancel()` from another thread, raced the same way: at most the one call that a
  /// round already running could still make happens after it returns, and the handler is
  /// released once the main actor's round has ended.
  @Test func cancelFromAnotherThreadDuringMainActorSendsAllowsAtMostOneMoreCall() {
    for _ in 0..<200 {
      let sender = EventSender<Int>()
      let calls = Counter()
      let callsWhenCancelReturned = Atomic<Int>(-1)
      let cancelReturned = Flag()
      weak var captured: Tracked?
      var token: SubscriptionToken?
      do {
        let tracked = Tracked()
        captured = tracked
        token = sender.stream.receive(on: .mainActor).sink { _ in
          withExtendedLifetime(tracked) { calls.increment() }
        }
      }
      guard let cancelled = token else { return }
      let cancelling = startThread {
        cancelled.cancel()
        callsWhenCancelReturned.store(calls.value, ordering: .sequentiallyConsistent)
        cancelReturned.raise()
      }
      var sent = 0
      while !cancelReturned.isRaised {
        sender.send(sent)
        sent += 1
      }
      waitOrFail(cancelling, "the cancelling thread")
      sender.send(-1)  // a round that starts now must not call the handler
      let atCancel = callsWhenCancelReturned.load(ordering: .sequentiallyConsistent)
      #expect(calls.value <= atCancel + 1)
      #expect(captured == nil, "the handler was not released after the last round ended")
      token = nil
    }
  }
}
