import Synchronization

/// One subscription of ``Property/combineLatest(_:)``. Internal. Each source notification reads
/// a snapshot, delivered if newer than the last (checked in one step with the enqueue, see
/// `Channel.publish(computing:)`).
final class SnapshotCombiner<Output: Sendable>: Sendable {
  private let read: @Sendable (ReadSnapshot) -> Output
  private let output: Channel<Output>
  /// The subscriber's token on the output channel: cancel it first, it calls user code.
  let token: SubscriptionToken
  /// The version of the snapshot delivered last; `nil` before the first.
  private let delivered = Locked<SnapshotVersion?>(nil)
  /// Whether both sources are subscribed: their replays, which come before, are left to the
  /// one read ``start()`` makes (a source without a version would otherwise deliver twice).
  private let isStarted = Atomic<Bool>(false)

  init(
    read: @escaping @Sendable (ReadSnapshot) -> Output,
    handler: @escaping @Sendable (Output) -> Void
  ) {
    self.read = read
    (output, token) = Channel<Output>.output(to: handler)
  }

  /// Both sources are subscribed: delivers the combination, the subscriber's first value.
  func start() {
    isStarted.store(true, ordering: .releasing)
    sourceChanged()
  }

  /// A source changed: reads with no lock held (user transforms) and delivers if newer; if this
  /// saw an owner older than delivered, reads again (reads only move forward: nothing is lost).
  func sourceChanged() {
    guard isStarted.load(ordering: .acquiring) else { return }
    while true {
      let (combined, version) = ReadSnapshot.consistently(read)
      var isStale = false
      output.publish {
        delivered.withLock { delivered -> Output? in
          switch delivered.map(version.compared(to:)) ?? .newer {
          case .newer:
            delivered = version
            return combined
          case .same:
            return nil
          case .stale:
            isStale = true
            return nil
          }
        }
      }
      if !isStale { return }
    }
  }
}
