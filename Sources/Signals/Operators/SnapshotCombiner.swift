import Synchronization

/// The state of one subscription to a combined property: on every source notification it reads
/// the combination as a snapshot and delivers it if it is newer than the last one delivered.
/// Internal; behind ``Property/combineLatest(_:)``.
///
/// Delivery goes through an output channel (one subscriber), so deliveries are one at a time
/// and in order even when the sources notify on different threads; the version check and the
/// enqueue are one step under the output channel's lock, so an older snapshot is never
/// delivered after a newer one.
final class SnapshotCombiner<Output: Sendable>: Sendable {
  private let read: @Sendable (ReadSnapshot) -> Output
  private let output: Channel<Output>
  /// The subscriber's token on the output channel: cancel it first, it is the stage that calls
  /// user code.
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

  /// Both sources are subscribed: reads the combination and delivers it, the subscriber's first
  /// value.
  func start() {
    isStarted.store(true, ordering: .releasing)
    sourceChanged()
  }

  /// A source notified a change: read the combination and deliver it if it is newer.
  ///
  /// The read runs the sources' transforms (user code), so it happens with no lock held. If a
  /// newer snapshot was delivered meanwhile and this one saw an older value of some owner, it
  /// reads again: reads only move forward, so the new read is at least as new as everything
  /// delivered, and nothing newer is lost.
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
