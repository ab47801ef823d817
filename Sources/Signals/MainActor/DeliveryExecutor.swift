/// Where a relay delivers: the context of `receive(on:)`. Internal. Passed with every value
/// (``Channel/publish(_:through:)``), not kept, so a job holds the channel, never the reverse.
@usableFromInline
protocol DeliveryExecutor: Sendable {
  /// Whether the calling thread may deliver now, without a job.
  var canDeliverHere: Bool { get }
  /// Runs `job` later, in the executor's context.
  func submit(_ job: @escaping @Sendable () -> Void)
  /// Whether a job delivers only what was queued when it started and submits another for the
  /// rest, so other work runs between (``Channel/publish(_:through:)``). Such a job holds the
  /// executor; `submit` must never run a job at once, or each would nest in the last.
  var yields: Bool { get }
}
