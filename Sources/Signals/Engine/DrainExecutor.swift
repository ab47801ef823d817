/// Where a relay ``Channel`` runs its deliveries when they cannot run on the sending thread.
/// Internal.
///
/// A channel does not keep its executor: the relay's producer passes it with every value
/// (`Channel.send(_:through:)`), generic, so the client specialises the call and the executor's
/// two methods are direct calls. Not keeping it is what lets a submitted job hold its channel
/// strongly without a reference cycle: see `Channel.submitDrain(to:)`.
@usableFromInline
protocol DrainExecutor: Sendable {
  /// Whether a delivery may start on the calling thread now, without hopping.
  func canDeliverInline() -> Bool
  /// As ``canDeliverInline()``, for a caller that already looked up the calling thread's
  /// `record` (a main-actor relay's in-place round needs it anyway): an executor that caches
  /// its answer per thread keeps it there, and saves a lookup.
  func canDeliverInline(thread record: UnsafeMutablePointer<ThreadRecord>) -> Bool
  /// Runs `job` later, in the executor's context. The rounds of jobs submitted by one channel
  /// never overlap, because a channel submits its next job only after the previous job's round
  /// ended (what the job does after that, returning, may overlap the next job).
  func submit(_ job: @escaping @Sendable () -> Void)
}

extension DrainExecutor {
  /// ``canDeliverInline()``, for executors that keep nothing per thread.
  @inlinable
  func canDeliverInline(thread record: UnsafeMutablePointer<ThreadRecord>) -> Bool {
    canDeliverInline()
  }
}
