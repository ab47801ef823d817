import Signals

/// A virtual-time `SignalScheduler` for tests: nothing runs until the test moves the clock.
///
/// - Time: ``now`` starts at zero and moves only through ``advance(by:)``, ``advance(to:)`` and
///   ``run(limit:)``, never backwards (asking for that stops the test). Nothing waits on the
///   wall clock.
/// - Order: due work runs in order of due time, then of scheduling (FIFO for equal times). Work
///   scheduled with no delay (or a negative one, as `DispatchQueueScheduler` and
///   combine-schedulers' test scheduler treat it) is due at ``now`` and runs on the next
///   advance (even by zero).
/// - Windows: work scheduled while an advance is running runs in that same advance if it falls
///   due inside the window; ``now`` reads the due time of the work being run.
/// - Cancellation: cancelled or released work never runs and is no longer pending, as on every
///   `SignalScheduler`: `_ = scheduler.schedule(after: delay) { … }` drops the action at once,
///   so a test sees what production code would. Keep the token while the work is wanted, or
///   use ``schedule(_:)`` (no delay, no token).
/// - Threading: safe to use from any thread; work runs on the thread that advances, with no lock
///   held. Do not advance from two threads at once if order across them matters.
public final class TestScheduler: SignalScheduler {
  private struct Work {
    let due: Duration
    let order: UInt64
    let action: @Sendable () -> Void
  }

  private struct State {
    var now: Duration = .zero
    var nextOrder: UInt64 = 0
    /// Sorted by (due, order).
    var queue: [Work] = []
  }

  private let state = Locked(State())

  /// Creates a scheduler whose clock reads zero.
  public init() {}

  /// The virtual time elapsed since the scheduler was created.
  public var now: Duration {
    state.withLock { $0.now }
  }

  /// The number of scheduled, uncancelled actions that have not run yet.
  ///
  /// Actions scheduled with ``schedule(_:)`` count until they run: the delivery job of a
  /// `receive(on:)` subscription cancelled after a value was queued stays pending, and delivers
  /// nothing when it runs.
  public var pendingCount: Int {
    state.withLock { $0.queue.count }
  }

  /// Schedules `action` at the current virtual time; it runs on the next advance.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = enqueue(after: .zero, action)
  }

  /// Schedules `action` at `now + delay`, until the token is cancelled or released.
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    let order = enqueue(after: max(delay, .zero), action)
    return SubscriptionToken { [weak self] in
      // Returned, so the action (and what it captured) is released after the lock, not under it.
      _ = self?.state.withLock { state -> Work? in
        guard let index = state.queue.firstIndex(where: { $0.order == order }) else { return nil }
        return state.queue.remove(at: index)
      }
    }
  }

  /// Moves the clock forward by `duration`, running every action that falls due on the way,
  /// including actions scheduled during the advance.
  public func advance(by duration: Duration = .zero) {
    precondition(duration >= .zero, "TestScheduler.advance(by:): negative duration \(duration)")
    advance(to: now + duration)
  }

  /// Moves the clock to `instant` (an offset from the scheduler's creation), running every
  /// action due up to and including it.
  public func advance(to instant: Duration) {
    let start = now
    precondition(
      instant >= start, "TestScheduler.advance(to:): \(instant) is earlier than now (\(start))")
    _ = runActions(upTo: instant)
    state.withLock { state in
      state.now = max(state.now, instant)
    }
  }

  /// Runs every pending action, moving the clock to each one's due time, until none is left
  /// (including actions scheduled while running). Stops with a message after `limit` actions,
  /// which catches work that keeps rescheduling itself forever.
  public func run(limit: Int = 1_000_000) {
    _ = runActions(upTo: nil, limit: limit)
  }

  /// Runs the actions due at ``now`` (including those they schedule for `now`), without moving
  /// the clock, and returns how many ran (for `settle`).
  func runDue() -> Int {
    runActions(upTo: now)
  }

  /// Runs the earliest pending action due no later than `instant` (any, if `nil`), with no lock
  /// held and the clock moved to its due time, until none is left; returns how many ran.
  private func runActions(upTo instant: Duration?, limit: Int = .max) -> Int {
    var count = 0
    while let work = state.withLock({ state -> Work? in
      guard let first = state.queue.first, first.due <= instant ?? first.due else { return nil }
      state.queue.removeFirst()
      state.now = max(state.now, first.due)
      return first
    }) {
      count += 1
      precondition(count <= limit, "TestScheduler.run(): more than \(limit) actions; endless?")
      work.action()
    }
    return count
  }

  private func enqueue(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      let work = Work(due: state.now + delay, order: state.nextOrder, action: action)
      state.nextOrder += 1
      // After every item due at or before `work.due` (FIFO among equal due times); searched from
      // the end, where new work usually goes.
      let index = state.queue.lastIndex { $0.due <= work.due }.map { $0 + 1 } ?? 0
      state.queue.insert(work, at: index)
      return work.order
    }
  }
}
