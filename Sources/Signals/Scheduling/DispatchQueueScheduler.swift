import Dispatch

/// Any dispatch queue is a ``SignalScheduler``: work runs on the queue with `async` / `asyncAfter`.
///
/// `receive(on:)` keeps each subscriber's values in order even on a concurrent queue. For
/// main-actor delivery that the compiler can check, prefer `receive(on: .mainActor)`.
extension DispatchQueue: SignalScheduler {
  /// Runs `action` on this queue, asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  /// Runs `action` on this queue once `delay` has passed, unless the token is cancelled first.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    let pending = PendingAction(action)
    asyncAfter(deadline: .now() + delay.dispatchInterval) { pending.run() }
    return SubscriptionToken { pending.cancel() }
  }
}

/// An action that runs at most once, and not at all once cancelled. Internal.
final class PendingAction: Sendable {
  private let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  /// Runs the action unless it was cancelled or already ran (outside the lock).
  func run() {
    take()?()
  }

  /// Prevents a run that has not started.
  func cancel() {
    _ = take()
  }

  private func take() -> (@Sendable () -> Void)? {
    action.withLock { stored in
      let taken = stored
      stored = nil
      return taken
    }
  }
}

extension Duration {
  /// This duration as a dispatch interval, in whole nanoseconds; negative durations become zero.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let maxSeconds = Int64(Int.max / 1_000_000_000) - 1
    let clamped = min(seconds, maxSeconds)
    return .nanoseconds(Int(clamped) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
