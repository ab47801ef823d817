import Signals

/// The delays between the attempts of ``TaskOwner/retrying(key:for:backoff:on:_:update:failed:ended:)``:
/// the delay after the first consecutive failure, the second, …; the last one repeats.
public struct Backoff: Sendable, Equatable {
  private let delays: [Duration]

  /// Delays given one by one, for example `Backoff([.seconds(1), .seconds(5)])`. At least one;
  /// none negative.
  public init(_ delays: [Duration]) {
    precondition(!delays.isEmpty && delays.allSatisfy { $0 >= .zero }, "Backoff: no delays")
    self.delays = delays
  }

  /// Doubling delays from `first` up to `cap`: 1, 2, 4, 8, 8, … seconds by default.
  public static func exponential(
    first: Duration = .seconds(1), cap: Duration = .seconds(8)
  ) -> Backoff {
    precondition(first > .zero && cap >= first, "Backoff.exponential: 0 < first <= cap")
    var delays = [first]
    while let last = delays.last, last < cap {
      delays.append(min(last * 2, cap))
    }
    return Backoff(delays)
  }

  /// The delay after `failures` consecutive failures (1 for the first).
  package func delay(afterFailures failures: Int) -> Duration {
    delays[min(max(failures, 1), delays.count) - 1]
  }
}

/// Where a retried stream is, as state a screen shows (a connection indicator, "retrying in 4 s").
public enum RetryStatus: Sendable, Equatable {
  /// Attempt `attempt` (1 for the first) is running and has delivered nothing yet.
  case connecting(attempt: Int)
  /// Attempt `attempt` has delivered an update (set after `update` applied it).
  case connected(attempt: Int)
  /// An attempt failed; attempt `attempt` starts after `delay` (or at ``Retrying/retryNow()``).
  case waiting(attempt: Int, delay: Duration)
  /// The stream ended without an error: no more attempts.
  case ended
  /// The loop was cancelled or its `for:` object released: no more attempts.
  case stopped
}

/// The handle of a retried stream: its status as state, and "retry now".
public struct Retrying: Sendable {
  /// Where the stream is. Written on the main actor, except ``RetryStatus/stopped``, written on
  /// the thread that cancels.
  public let status: Property<RetryStatus>
  /// The loop's `retryNow()`, holding the loop weakly.
  let retry: @MainActor @Sendable () -> Void

  /// While waiting before the next attempt, starts it now (the pending delay is cancelled and
  /// never fires). Otherwise (connecting, connected, ended, stopped) does nothing.
  @MainActor public func retryNow() {
    retry()
  }
}

extension TaskOwner {
  /// Runs a stream consumer (`operation`) under `key` and runs it again, after a backoff delay,
  /// each time it fails: the reconnecting live screen (<doc:LiveScreens>), with no loop or timer
  /// written by hand. The returned ``Retrying/status`` says where it is.
  ///
  /// - Attempts: attempt 1 starts at once. When an attempt throws, `failed` is called, and the
  ///   next attempt starts after `backoff`'s delay for the consecutive failures so far (1, 2, 4,
  ///   8, 8, … seconds by default) on `scheduler`; an attempt that delivered an update resets
  ///   that count. An attempt that returns ends the stream: `ended` is called, no attempt follows.
  /// - Polling until an answer settles is the same loop: an attempt reports the answer and
  ///   throws while it is not final, so it waits `backoff`'s first delay (failed polls back off);
  ///   a final answer returns.
  /// - Ordering: updates follow the rules of ``run(key:for:throttle:_:update:then:)``; then
  ///   `failed` or `ended`; then the status changes (``RetryStatus/connected(attempt:)`` after
  ///   `update` applied the first update).
  /// - Cancellation: the loop is owned under `key` as a task is (``own(_:key:)``): once
  ///   cancelled, the attempt is cancelled, a pending delay never fires, nothing more is called,
  ///   and the status becomes ``RetryStatus/stopped``. A released `owner` stops the loop the same
  ///   way when it next acts (an update, an attempt's end, a delay's end, `retryNow()`).
  /// - Threading: main actor; `operation` runs off it, with no owner (capture values).
  @discardableResult
  public func retrying<Owner: AnyObject, Update: Sendable, Failure: Error>(
    key: some Hashable & Sendable,
    for owner: Owner,
    backoff: Backoff = .exponential(),
    on scheduler: some SignalScheduler,
    _ operation: @escaping @Sendable (UpdateReporter<Update>) async throws(Failure) -> Void,
    update: @escaping @MainActor (Owner, Update) -> Void,
    failed: @escaping @MainActor (Owner, Failure) -> Void = { _, _ in },
    ended: @escaping @MainActor (Owner) -> Void = { _ in }
  ) -> Retrying {
    let loop = RetryLoop(
      owner, TaskOwner(sharing: list),
      .init(
        backoff: backoff, scheduler: scheduler, operation: operation, update: update,
        failed: failed, ended: ended))
    let (status, stopped) = (loop.status, loop.stopped)
    let holder = Locked<RetryLoop<Owner, Update, Failure>?>(loop)
    // The token is the loop's only strong holder: cancelling it releases the loop, whose own
    // TaskOwner then cancels the attempt and the pending delay. A loop that stopped itself
    // (its owner released) already said `.stopped`.
    own(
      SubscriptionToken {
        let stopsNow = stop(stopped)
        releaseAfterUnlocking(holder.withLock { $0.take() })
        if stopsNow { status.value = .stopped }
      }, key: key)
    loop.startAttempt()
    return Retrying(status: status.property) { [weak loop] in loop?.retryNow() }
  }
}

/// The attempts of one retried stream, on the main actor. Internal.
@MainActor
private final class RetryLoop<Owner: AnyObject, Update: Sendable, Failure: Error> {
  /// What `retrying` was given, besides its key and owner.
  struct Steps {
    let backoff: Backoff
    let scheduler: any SignalScheduler
    let operation: @Sendable (UpdateReporter<Update>) async throws(Failure) -> Void
    let update: @MainActor (Owner, Update) -> Void
    let failed: @MainActor (Owner, Failure) -> Void
    let ended: @MainActor (Owner) -> Void
  }

  let status = MutableProperty<RetryStatus>(.connecting(attempt: 1))
  /// Stopped by the token before it releases the loop (any thread), or here once the owner is
  /// gone; read here after each call of user code, which may cancel the loop's key.
  let stopped = Locked(false)
  /// The attempts (unkeyed: one at a time) and the delay (key 0), counted in the outer owner's
  /// list (`TaskOwner.init(sharing:)`); released with the loop.
  private let tasks: TaskOwner
  private weak var owner: Owner?
  private let steps: Steps
  private var attempt = 0
  private var failures = 0

  init(_ owner: Owner, _ tasks: TaskOwner, _ steps: Steps) {
    self.owner = owner
    self.tasks = tasks
    self.steps = steps
  }

  func startAttempt() {
    guard liveOwner() != nil else { return }
    attempt += 1
    status.value = .connecting(attempt: attempt)
    tasks.run(for: self, steps.operation) { loop, update in
      loop.received(update)
    } then: { loop, result in
      loop.finished(result)
    }
  }

  func retryNow() {
    guard case .waiting = status.value else { return }
    tasks.cancel(key: 0)
    startAttempt()
  }

  private func received(_ value: Update) {
    guard let owner = liveOwner() else { return }
    failures = 0
    steps.update(owner, value)
    // After the update: a screen that reads its state on `.connected` sees it applied.
    guard !isStopped, status.value != .connected(attempt: attempt) else { return }
    status.value = .connected(attempt: attempt)
  }

  private func finished(_ result: Result<Void, Failure>) {
    guard let owner = liveOwner() else { return }
    switch result {
    case .success:
      steps.ended(owner)
      guard !isStopped else { return }
      status.value = .ended
    case .failure(let error):
      failures += 1
      steps.failed(owner, error)
      guard !isStopped else { return }
      let delay = steps.backoff.delay(afterFailures: failures)
      // The delay first, so that `retryNow()` from a status handler cancels it.
      tasks.after(delay, key: 0, on: steps.scheduler, for: self) { $0.startAttempt() }
      status.value = .waiting(attempt: attempt + 1, delay: delay)
    }
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// The owner, while the loop goes on; `nil` once stopped. An owner released stops the loop
  /// here: the attempt and the delay are cancelled, and the status becomes `.stopped`.
  private func liveOwner() -> Owner? {
    if let owner, !isStopped { return owner }
    if owner == nil, stop(stopped) {
      tasks.cancelAll()
      status.value = .stopped
    }
    return nil
  }
}

/// Sets `flag`; `true` if this call set it (the first).
private func stop(_ flag: Locked<Bool>) -> Bool {
  flag.withLock { stopped in
    defer { stopped = true }
    return !stopped
  }
}
