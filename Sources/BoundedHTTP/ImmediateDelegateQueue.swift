import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate queue of a ``BoundedTransfer``'s session: on swift-corelibs-foundation it runs
/// each delegate callback at once, on the thread that delivers it (Foundation's work queue for
/// the session), instead of queueing it. Internal.
///
/// swift-corelibs-foundation hands every callback to the delegate queue with
/// `addOperation(_:)`, and a gzip bomb's inflating socket read produces them faster than a
/// queue runs them: the queued pieces of body held 120-550 MB although the transfer keeps none
/// of them. Run at once, each piece is dropped (or kept, under the limit) as it is inflated, so
/// nothing piles up. And the completion callback runs on the work queue, where a task's
/// `cancel()` also runs: the two can no longer overlap (see ``BoundedTransfer``).
///
/// The transfer's callbacks are short and never wait, so they cannot hold the work queue. On
/// Apple platforms `nil` (a serial queue of the session's own) is used instead, since there
/// `URLSession` neither piles callbacks up nor races cancel against completion.
// `@unchecked Sendable` restates OperationQueue's own conformance; this subclass adds no state.
final class ImmediateDelegateQueue: OperationQueue, @unchecked Sendable {
  /// The queue a transfer's session uses: this one on swift-corelibs-foundation, `nil` elsewhere.
  static func forSession() -> OperationQueue? {
    #if canImport(FoundationNetworking)
      ImmediateDelegateQueue()
    #else
      nil
    #endif
  }

  /// Runs `block` now, on the calling thread.
  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }
}
