import Dispatch

/// A scheduler that runs work at once, on the calling thread (Combine's `ImmediateScheduler`), for
/// where a scheduler is required but no hop or wait is wanted: `receive(on: .inline)` returns the
/// stream unchanged; delays are **ignored**, so a debounce on it lets every value through.
public struct InlineScheduler: SignalScheduler {
  /// Runs `action` now, before returning.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }

  /// Runs `action` now, before returning, ignoring `delay`. The returned token does nothing.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    action()
    return SubscriptionToken {}
  }

  /// Dispatch's monotonic clock, as ``DispatchQueueScheduler/now`` (delays here are ignored).
  public var now: Duration { .nanoseconds(DispatchTime.now().uptimeNanoseconds) }
}

extension SignalScheduler where Self == InlineScheduler {
  /// Runs work at once, on the calling thread: the one spelling of ``InlineScheduler``.
  public static var inline: InlineScheduler { InlineScheduler() }
}
