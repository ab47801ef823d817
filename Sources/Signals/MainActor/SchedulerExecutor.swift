/// A ``SignalScheduler`` as a ``DeliveryExecutor``: every delivery is a job of the scheduler.
@usableFromInline
struct SchedulerExecutor<Scheduler: SignalScheduler>: DeliveryExecutor {
  @usableFromInline let scheduler: Scheduler

  @inlinable
  init(_ scheduler: Scheduler) { self.scheduler = scheduler }

  @inlinable
  var canDeliverHere: Bool { false }

  /// No: a scheduler may run a job at once (``InlineScheduler``), and a job would nest in the last.
  @inlinable
  var yields: Bool { false }

  @inlinable
  func submit(_ job: @escaping @Sendable () -> Void) { scheduler.schedule(job) }
}
