import Signals

/// What an owned task's work calls to report progress: the `progress` argument of
/// ``TaskOwner/run(key:for:throttle:_:progress:then:)``.
///
/// ```swift
/// tasks.run(key: file.id, for: self) { progress in
///   try await uploader.upload(file) { sent in progress.report(sent) }
/// } progress: { queue, sent in
///   queue.show(sent, for: file.id)      // on the main actor, in order
/// } then: { queue, result in
///   queue.finish(file.id, with: result) // after every update it delivers
/// }
/// ```
///
/// - Delivery: each update goes to the task's `progress` handler on the main actor, in the
///   order reported, while the task is still wanted (see ``TaskOwner``): an update reported
///   after the task was cancelled or replaced, or still waiting for the main actor then, is
///   dropped, and none is delivered after the outcome.
/// - Throttling: with a ``ProgressThrottle``, updates pass through
///   `EventStream.throttle(for:scheduler:latest:)` (the latest of each interval) first.
/// - Threading: `report` is safe from any thread and never waits for the main actor.
public struct ProgressReporter<Progress: Sendable>: Sendable {
  private let delivery: ProgressDelivery<Progress>

  init(_ delivery: ProgressDelivery<Progress>) {
    self.delivery = delivery
  }

  /// Sends `update` toward the task's `progress` handler; dropped if the task is no longer
  /// wanted.
  public func report(_ update: Progress) {
    delivery.report(update)
  }

  /// Reports every event `updates` sends from now on, until the task ends: the subscription
  /// belongs to the task, so ``TaskOwner/cancel(key:)``, a replacement, the outcome and
  /// releasing the owner end it. For a worker that already exposes its progress as an
  /// `EventStream`.
  public func report(from updates: EventStream<Progress>) {
    delivery.adopt(updates.sink { [delivery] in delivery.report($0) })
  }
}

/// How often an owned task's progress reaches its handler: at most one update per `interval`
/// on `scheduler`, the latest of each interval (`EventStream.throttle(for:scheduler:latest:)`
/// with `latest: true`). The first update after a quiet interval goes out at once.
///
/// An update still held by the throttle when the work returns is dropped: the outcome, which
/// follows every delivered update, supersedes it.
public struct ProgressThrottle: Sendable {
  let interval: Duration
  let scheduler: any SignalScheduler

  /// At most one update per `interval` of `scheduler`'s time (a `TestScheduler` in tests).
  public static func every(_ interval: Duration, on scheduler: some SignalScheduler) -> Self {
    precondition(interval >= .zero, "ProgressThrottle.every(_:on:): negative interval")
    return ProgressThrottle(interval: interval, scheduler: scheduler)
  }
}
