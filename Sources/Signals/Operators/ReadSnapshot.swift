/// One consistent reading of a property graph, behind glitch-free ``Property/combineLatest(_:_:)``:
/// each owner (a ``MutableProperty``) is read at most once, with the number of the write read.
/// Internal; used by one thread within one call (not `Sendable`), and runs no user code itself.
@usableFromInline
final class ReadSnapshot {
  /// Each owner read, in order: its value and write number, and how to read that number again.
  private var readings:
    [(owner: AnyObject, value: Any, version: UInt64, versionNow: () -> UInt64)] =
      []
  /// Whether a source without a version (built with the public initialiser) was read.
  var readOpaqueSource = false

  /// Reads with `read` until the reading is consistent; returns it with its version: the sum of
  /// the owners' write numbers, `nil` if a source without one was read. Owners are read one by
  /// one, with user transforms between, so another thread may write one already read. A double
  /// collect rereads each owner's write number: if none changed, each held the value read from it
  /// when the last was first read (a state that existed); else it reads again, only while others
  /// keep writing. Debug builds check the premise: write numbers never go backwards. So, as a
  /// `read` reads the same owners each time, of two readings made one after the other the second
  /// has a greater version exactly when some owner was written in between.
  static func consistently<Output>(_ read: (ReadSnapshot) -> Output) -> (Output, UInt64?) {
    while true {
      let snapshot = ReadSnapshot()
      let output = read(snapshot)
      let isUnchanged = snapshot.readings.allSatisfy { reading in
        let now = reading.versionNow()
        assert(now >= reading.version, "a write number went backwards: the double collect is void")
        return now == reading.version
      }
      if isUnchanged {
        let version = snapshot.readings.reduce(0) { $0 &+ $1.version }
        return (output, snapshot.readOpaqueSource ? nil : version)
      }
    }
  }

  /// Delivers to `handler` the readings of `read`, one when subscribed, then one per change that
  /// `subscribeSources` reports, if newer than the one delivered last; returns one token for all.
  /// A change queues a reading on `notify`, made when its turn comes (one at a time, each after the
  /// last): a reading made at the change could be stale by then.
  static func deliver<Output>(
    _ read: @escaping @Sendable (ReadSnapshot) -> Output,
    to handler: @escaping @Sendable (Output) -> Void,
    onChangesOf subscribeSources: (@escaping @Sendable () -> Void) -> [SubscriptionToken]
  ) -> SubscriptionToken {
    let notify = Channel<Void>()
    // The sources' replays find `notify` without a subscriber and are dropped: the reading made
    // once the reader is subscribed is the first (each would deliver one if a source had no
    // version).
    let sourceTokens = subscribeSources { notify.publish(()) }
    let delivered = Locked<UInt64?>(nil)  // `nil`: none yet, or a source has no version
    let readerToken = notify.subscribe { _ in
      let (output, version) = consistently(read)
      let isNewer = delivered.withLock { last in
        defer { last = version }
        guard let version, let last else { return true }
        return version > last
      }
      if isNewer { handler(output) }
    }
    notify.publish(())
    // The reader first: it calls the user's handler.
    return CompositeToken([readerToken] + sourceTokens)
  }

  /// The value of `channel` (an owner) in this snapshot: read under its lock once, then reused.
  @usableFromInline
  func value<Value: Sendable>(of channel: Channel<Value>) -> Value {
    // The owner's identity fixes its value type, so the cast succeeds.
    if let reading = readings.first(where: { $0.owner === channel }),
      let value = reading.value as? Value
    {
      return value
    }
    let (value, version) = channel.currentValueAndVersion
    readings.append((channel, value, version, { channel.currentVersion }))
    return value
  }
}
