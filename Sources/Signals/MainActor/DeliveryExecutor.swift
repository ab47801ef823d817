/// Where a relay delivers: the context of `receive(on:)`. Internal.
///
/// A relay's channel does not keep its executor: the producer passes it with every value
/// (``Channel/publish(_:through:)``), so a job an executor holds keeps the channel, never the other
/// way round, and a scheduler that never runs its jobs (an unadvanced `TestScheduler`) is freed
/// with them.
@usableFromInline
protocol DeliveryExecutor: Sendable {
  /// Whether the calling thread may deliver now, without a job.
  var canDeliverHere: Bool { get }
  /// Runs `job` later, in the executor's context.
  func submit(_ job: @escaping @Sendable () -> Void)
}
