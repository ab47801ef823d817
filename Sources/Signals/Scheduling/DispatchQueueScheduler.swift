import Dispatch

/// A dispatch queue as a ``SignalScheduler``: work runs on ``queue`` with `async` / `asyncAfter`.
///
/// ```swift
/// text.debounce(for: .milliseconds(300), scheduler: .mainQueue)
/// values.receive(on: .queue(worker))
/// ```
///
/// A value wrapping the queue, not a conformance of `DispatchQueue` itself: Combine (which
/// SwiftUI re-exports) already gives `DispatchQueue` a `schedule(_:)`, and a second one from
/// Signals would make that call ambiguous, or pick the wrong one, in every file that imports
/// both.
///
/// - Ordering: `receive(on:)` keeps each subscriber's values in order even on a concurrent
///   queue; a concurrent queue may run two ``schedule(_:)`` actions at once.
/// - Threading: safe to use from any thread, as the queue is.
/// - Main thread: ``mainQueue`` always goes through the main queue, even from the main thread.
///   For main-actor delivery that the compiler can check, prefer `receive(on: .mainActor)`.
public struct DispatchQueueScheduler: SignalScheduler {
  /// The queue every action runs on.
  public let queue: DispatchQueue

  /// A scheduler that runs work on `queue`.
  public init(_ queue: DispatchQueue) {
    self.queue = queue
  }

  /// Runs `action` on ``queue``, asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    queue.async(execute: action)
  }

  /// Runs `action` on ``queue`` once `delay` has passed, unless the token is cancelled first.
  ///
  /// Cancelling frees what the wait held at once, however long `delay` is: each action has a
  /// timer of its own, cancelled with it (a superseded value of a long debounce costs nothing
  /// after its cancel).
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    let pending = PendingAction(on: queue, after: delay.dispatchInterval, action)
    return SubscriptionToken { pending.cancel() }
  }
}

extension SignalScheduler where Self == DispatchQueueScheduler {
  /// Runs work on `queue`: `receive(on: .queue(worker))`.
  public static func queue(_ queue: DispatchQueue) -> DispatchQueueScheduler {
    DispatchQueueScheduler(queue)
  }

  /// Runs work on the main queue (`DispatchQueue.main`), always asynchronously: a debounce's
  /// clock on the main thread, `debounce(for:scheduler: .mainQueue)`.
  public static var mainQueue: DispatchQueueScheduler {
    DispatchQueueScheduler(.main)
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
