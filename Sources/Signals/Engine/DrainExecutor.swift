/// Where a ``Channel`` runs its deliveries. Internal.
///
/// `nil` (the default) means "on the sending thread, right away". An executor moves delivery
/// elsewhere (the main actor, a dispatch queue, a scheduler) while the channel keeps its
/// ordering and cancellation rules.
@usableFromInline
protocol DrainExecutor: Sendable {
  /// Whether a delivery may start on the calling thread now, without hopping.
  func canDeliverInline() -> Bool
  /// Runs `job` later, in the executor's context. Jobs submitted by one channel never overlap,
  /// because a channel submits its next job only after the previous one finished.
  func submit(_ job: @escaping @Sendable () -> Void)
}
