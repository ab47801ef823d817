/// A scheduler that runs work at once, on the calling thread.
///
/// `receive(on: .inline)` returns the stream unchanged: delivery already happens on the
/// sending thread. Delays are **ignored**: `schedule(after:_:)` runs the action before it
/// returns, so a debounce on this scheduler passes every value through. Use it where a
/// scheduler is required but no hop or wait is wanted. (Combine's `ImmediateScheduler`; named
/// differently so that files importing SwiftUI and Signals need no module qualification.)
public struct InlineScheduler: SignalScheduler {
  /// Creates the scheduler; all instances behave the same.
  public init() {}

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
}

extension SignalScheduler where Self == InlineScheduler {
  /// Runs work at once, on the calling thread.
  public static var inline: InlineScheduler { InlineScheduler() }
}
