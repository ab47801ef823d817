import Synchronization

/// One subscription of ``Property/combineLatest(_:_:)``. Internal. A source notification queues a
/// read, made when its turn comes: the newest pair, delivered only if some owner is newer than in
/// the pair delivered last (a pair read at notification could be stale by its delivery).
final class SnapshotCombiner: Sendable {
  private let notify: Channel<Void>
  /// The subscriber's token on the notification channel: cancel it first, it calls user code.
  let token: SubscriptionToken
  /// Whether every source is subscribed: their replays, which come before, are left to the one
  /// read ``start()`` makes (a source without a version would otherwise deliver twice).
  private let isStarted = Atomic<Bool>(false)

  init<Output>(
    read: @escaping @Sendable (ReadSnapshot) -> Output,
    handler: @escaping @Sendable (Output) -> Void
  ) {
    // The version of the pair delivered last; `nil` before the first. Reads run one at a time,
    // on the channel's performer, so each sees every owner at least as new as the last did.
    let delivered = Locked<SnapshotVersion?>(nil)
    (notify, token) = Channel<Void>.output { _ in
      let (combined, version) = ReadSnapshot.consistently(read)
      let isNewer = delivered.withLock { delivered in
        defer { delivered = version }
        return delivered.map(version.isNewer(than:)) ?? true
      }
      if isNewer { handler(combined) }
    }
  }

  /// Every source is subscribed: delivers the combination, the subscriber's first value.
  func start() {
    isStarted.store(true, ordering: .releasing)
    sourceChanged()
  }

  /// A source changed: queues a read (user transforms run then, with no lock held).
  func sourceChanged() {
    if isStarted.load(ordering: .acquiring) { notify.publish(()) }
  }
}
