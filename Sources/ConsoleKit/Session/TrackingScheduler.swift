import Signals
import Synchronization

/// A scheduler that counts the work it holds, so the app can tell when a view model has
/// nothing pending: a debounced search waiting on this scheduler counts as in flight, just like
/// a load.
///
/// Work runs on `base`, unchanged. Every time the count changes, `changed` is called (with no
/// lock held, on the thread that scheduled, ran or cancelled the work).
public final class TrackingScheduler: SignalScheduler {
  private let base: any SignalScheduler
  private let count = Mutex(0)
  private let changed: @Sendable () -> Void

  /// Wraps `base`; `changed` is called (on any thread) whenever work is scheduled or finishes.
  public init(base: any SignalScheduler, changed: @escaping @Sendable () -> Void) {
    self.base = base
    self.changed = changed
  }

  /// The clock of `base`, which runs the work.
  public var now: Duration { base.now }

  /// Whether no scheduled work is waiting or running.
  public var isIdle: Bool {
    count.withLock { $0 == 0 }
  }

  /// As ``SignalScheduler`` requires.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    adjust(by: 1)
    base.schedule {
      action()
      self.adjust(by: -1)
    }
  }

  /// As ``SignalScheduler`` requires.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    adjust(by: 1)
    // Exactly one of "runs" and "is cancelled" claims the work and settles the count.
    let claim = Claim()
    let token = base.schedule(after: delay) {
      guard claim.take() else { return }
      action()
      self.adjust(by: -1)
    }
    return SubscriptionToken {
      token.cancel()
      if claim.take() {
        self.adjust(by: -1)
      }
    }
  }

  private func adjust(by delta: Int) {
    count.withLock { $0 += delta }
    changed()
  }
}

/// A one-time flag: the first ``take()`` wins.
private final class Claim: Sendable {
  private let taken = Atomic(false)

  /// `true` for the first caller only.
  func take() -> Bool {
    !taken.exchange(true, ordering: .acquiringAndReleasing)
  }
}
