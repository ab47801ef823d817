import Dispatch
import Synchronization

/// A dispatch queue as a ``SignalScheduler`` (`.queue(worker)`, `.mainQueue`): work runs on it,
/// safe from any thread. A concurrent queue may run two ``schedule(_:)`` actions at once
/// (`receive(on:)` keeps each subscriber's order); for main-actor delivery, `.mainActor`.
public struct DispatchQueueScheduler: SignalScheduler {
  /// The queue every action runs on.
  private let queue: DispatchQueue

  /// Whether `queue` is the main queue (marked by `MainQueueExecutor`): `settle` counts its jobs.
  private let isMainQueue: Bool

  /// A scheduler that runs work on `queue` (`.queue(_:)` and `.mainQueue` are the public names).
  init(_ queue: DispatchQueue) {
    self.queue = queue
    // Not `===`: on Linux each `DispatchQueue.main` is a new object for the one main queue.
    isMainQueue = queue.getSpecific(key: MainQueueExecutor.mainQueueKey) == true
  }

  /// Runs `action` on the queue, asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    guard isMainQueue else { return queue.async(execute: action) }
    MainQueueJobs.pending.add(1, ordering: .relaxed)
    queue.async {
      action()
      MainQueueJobs.pending.subtract(1, ordering: .releasing)
    }
  }

  /// Runs `action` on the queue once `delay` has passed, unless the token is cancelled first;
  /// cancelling frees what the wait held at once, however long `delay` is (a timer per action).
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    let pending = PendingAction(on: queue, after: delay.dispatchInterval, action)
    return SubscriptionToken { pending.cancel() }
  }

  /// Dispatch's monotonic clock, which the delays are measured on: the time since the system
  /// started (on Darwin, not counting sleep).
  public var now: Duration { .nanoseconds(DispatchTime.now().uptimeNanoseconds) }
}

extension SignalScheduler where Self == DispatchQueueScheduler {
  /// Runs work on `queue`: `receive(on: .queue(worker))`.
  public static func queue(_ queue: DispatchQueue) -> DispatchQueueScheduler {
    DispatchQueueScheduler(queue)
  }

  /// Runs work on the main queue, always asynchronously: `debounce(for:scheduler: .mainQueue)`.
  public static var mainQueue: DispatchQueueScheduler {
    DispatchQueueScheduler(.main)
  }
}

/// The jobs `.mainQueue` has queued and not finished: what SignalsTesting's `settle` and
/// `ScreenHarness` wait for, however many `receive(on: .mainQueue)` hops a value takes.
package enum MainQueueJobs {
  package static let pending = Atomic<Int>(0)
}

extension Duration {
  /// This duration as a dispatch interval, in whole nanoseconds; negative durations become
  /// zero, and one too long for Dispatch (about 292 years) becomes the longest it takes.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let maxSeconds = Int64(Int.max / 1_000_000_000) - 1
    let clamped = min(seconds, maxSeconds)
    return .nanoseconds(Int(clamped) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
