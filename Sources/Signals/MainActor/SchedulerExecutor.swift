/// A ``SignalScheduler`` as a ``DeliveryExecutor``: every delivery is a job of the scheduler.
@usableFromInline
struct SchedulerExecutor<Scheduler: SignalScheduler>: DeliveryExecutor {
  @usableFromInline let scheduler: Scheduler

  @inlinable
  init(_ scheduler: Scheduler) {
    self.scheduler = scheduler
  }

  @inlinable
  var canDeliverHere: Bool { false }

  @inlinable
  func submit(_ job: @escaping @Sendable () -> Void) {
    scheduler.schedule(job)
  }
}
