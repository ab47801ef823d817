/// Where a relay delivers: the context of `receive(on:)`. Internal.
///
/// A relay's channel does not keep its executor: the producer passes it with every value
/// (``Channel/send(_:through:)``), so a job an executor holds keeps the channel, never the other
/// way round, and a scheduler that never runs its jobs (an unadvanced `TestScheduler`) is freed
/// with them.
@usableFromInline
protocol DeliveryExecutor: Sendable {
  /// Whether the calling thread may deliver now, without a job.
  var canDeliverHere: Bool { get }
  /// Runs `job` later, in the executor's context.
  func submit(_ job: @escaping @Sendable () -> Void)
}

/// A ``SignalScheduler`` as a ``DeliveryExecutor``: every delivery is a job of the scheduler.
@usableFromInline
struct SchedulerExecutor<Scheduler: SignalScheduler>: DeliveryExecutor {
  @usableFromInline let scheduler: Scheduler

  @inlinable
  init(_ scheduler: Scheduler) {
    self.scheduler = scheduler
  }

  /// Never: the scheduler decides where its jobs run.
  @inlinable
  var canDeliverHere: Bool { false }

  @inlinable
  func submit(_ job: @escaping @Sendable () -> Void) {
    scheduler.schedule(job)
  }
}

/// The one relay behind `receive(on:)` and the main-actor faces: subscribes `handler` to
/// `subscribe`'s values through a channel of its own that delivers through `executor`, in order
/// and one at a time, one job per burst. The token cancels the relay first (the stage that
/// calls `handler`), then the upstream subscription.
@inlinable
func sinkThroughRelay<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  on executor: some DeliveryExecutor,
  _ handler: @escaping @Sendable (Value) -> Void
) -> SubscriptionToken {
  let relay = Channel<Value>()
  let relayToken = relay.subscribe(handler)
  let upstreamToken = subscribe { relay.send($0, through: executor) }
  return .combining(relayToken, upstreamToken)
}
