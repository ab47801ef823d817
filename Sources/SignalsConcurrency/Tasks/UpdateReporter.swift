import Signals

/// What an owned task's work calls to send updates before its outcome: the argument of
/// ``TaskOwner/run(key:for:throttle:_:update:then:)`` (an upload's progress: <doc:OwnedTasks>)
/// and ``TaskOwner/retrying(key:for:backoff:on:_:update:failed:ended:)`` (a live stream's
/// elements: <doc:LiveScreens>). Each update reaches the task's `update` handler on the main
/// actor, in order, while the task is wanted (the rules of the first). `report` is safe from any
/// thread and never waits for the main actor.
public struct UpdateReporter<Update: Sendable>: Sendable {
  private let delivery: UpdateDelivery<Update>

  init(_ delivery: UpdateDelivery<Update>) {
    self.delivery = delivery
  }

  /// Sends `update` toward the task's `update` handler; dropped once the task is not wanted.
  public func report(_ update: Update) {
    delivery.report(update)
  }

  /// Reports every event `updates` sends from now on, until the task ends (its cancellation,
  /// replacement or outcome): for a worker that exposes its progress as an `EventStream`.
  public func report(from updates: EventStream<Update>) {
    delivery.adopt(updates.sink { [delivery] in delivery.report($0) })
  }
}

/// How often an owned task's updates reach its handler: at most one per interval, the latest
/// (`EventStream.throttle(for:scheduler:latest:)` with `latest: true`); the first update after a
/// quiet interval goes out at once. One still held when the work returns is dropped: the outcome
/// supersedes it.
public struct UpdateThrottle: Sendable {
  let interval: Duration
  let scheduler: any SignalScheduler

  /// At most one update per `interval` of `scheduler`'s time, the latest.
  public static func latest(per interval: Duration, on scheduler: some SignalScheduler) -> Self {
    precondition(interval >= .zero, "UpdateThrottle.latest(per:on:): negative interval")
    return UpdateThrottle(interval: interval, scheduler: scheduler)
  }
}
