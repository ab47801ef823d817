import Dispatch
import Synchronization

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

  /// Whether ``queue`` is the main queue, whose jobs `settle` counts (``MainQueueJobs``).
  private let isMainQueue: Bool

  /// A scheduler that runs work on `queue`.
  public init(_ queue: DispatchQueue) {
    self.queue = queue
    // Not `===`: on Linux each `DispatchQueue.main` is a new object for the one main queue.
    isMainQueue = queue.getSpecific(key: MainQueueJobs.marker) == true
  }

  /// Runs `action` on ``queue``, asynchronously.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    guard isMainQueue else { return queue.async(execute: action) }
    MainQueueJobs.pending.add(1, ordering: .relaxed)
    queue.async {
      action()
      MainQueueJobs.pending.subtract(1, ordering: .releasing)
    }
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

/// The jobs ``DispatchQueueScheduler/mainQueue`` has queued and not finished running: what
/// SignalsTesting's `settle` and `expectSilence` wait for, however many `receive(on: .mainQueue)`
/// hops a value takes. Package-internal.
package enum MainQueueJobs {
  package static let pending = Atomic<Int>(0)

  /// Set on the main queue once, so that a scheduler can tell it is the main queue's.
  static let marker: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
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
