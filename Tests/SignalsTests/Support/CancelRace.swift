import Signals
import SignalsTestSupport
import Synchronization
import Testing

/// What one race between sends and a cancellation on another thread observed.
struct CancelRaceOutcome {
  /// Handler calls in all.
  var calls: Int
  /// Handler calls counted right after the cancelling call returned.
  var callsWhenCancelReturned: Int
  /// Whether an object only the handler captured was still alive at the end.
  var handlerCapturesAlive: Bool
}

/// Races sends against a cancellation: subscribes a handler that counts its calls and captures
/// an object, through `subscribe` (which applies the operator under test, e.g. a relay), then
/// sends on the calling thread, calling `afterSend` with the number sent so far after each,
/// until `cancelling`, run on another thread, has returned; then sends ten more values, which
/// no round may deliver, and calls `settle` to let pending deliveries run before counting.
func raceCancellation(
  subscribe: (EventStream<Int>, @escaping @Sendable (Int) -> Void) -> SubscriptionToken,
  cancelling: @escaping @Sendable (SubscriptionToken) -> Void,
  afterSend: (Int) -> Void = { _ in },
  settle: () -> Void = {}
) -> CancelRaceOutcome {
  let sender = EventSender<Int>()
  let calls = Counter()
  let callsWhenCancelReturned = Atomic<Int>(-1)
  let cancelReturned = Flag()
  let captured: WeakReference<Tracked>
  var token: SubscriptionToken?
  do {
    let tracked = Tracked()
    captured = WeakReference(tracked)
    token = subscribe(sender.stream) { _ in
      withExtendedLifetime(tracked) { calls.increment() }
    }
  }
  guard let subscription = token else {
    preconditionFailure("the subscription was just made")
  }
  let cancellingThread = startThread {
    cancelling(subscription)
    callsWhenCancelReturned.store(calls.value, ordering: .sequentiallyConsistent)
    cancelReturned.raise()
  }
  var sent = 0
  while !cancelReturned.isRaised {
    sender.send(sent)
    sent += 1
    afterSend(sent)
  }
  waitOrFail(cancellingThread, "the cancelling thread")
  for value in 0..<10 {
    sender.send(value)
  }
  settle()
  let outcome = CancelRaceOutcome(
    calls: calls.value,
    callsWhenCancelReturned: callsWhenCancelReturned.load(ordering: .sequentiallyConsistent),
    handlerCapturesAlive: captured.value != nil)
  token = nil
  return outcome
}

/// A weak reference that other threads may read.
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
  weak let value: Object?

  init(_ value: Object) {
    self.value = value
  }
}
