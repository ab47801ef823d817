/// One consistent reading of a property graph, behind glitch-free ``Property/combineLatest(_:_:)``:
/// each owner (a ``MutableProperty``) is read at most once, with the version seen. Internal; used
/// by one thread within one call (not `Sendable`), and runs no user code itself.
@usableFromInline
final class ReadSnapshot {
  /// What was read from each owner, in the order the owners were first read.
  private var readings: [any OwnerReading] = []
  /// Whether a source without a version was read: then the snapshot never counts as delivered.
  private var readOpaqueSource = false

  @usableFromInline
  init() {}

  /// Reads with `read` until the reading is consistent; returns it with its version. Owners are
  /// read one by one, with user transforms between, so another thread may write one already read.
  /// A double collect rereads each owner's write number: if none changed, each held the value
  /// read from it when the last was first read (a state that existed); else it reads again, only
  /// while others keep writing. Debug builds check the premise: write numbers never go backwards.
  static func consistently<Output>(
    _ read: (ReadSnapshot) -> Output
  ) -> (Output, SnapshotVersion) {
    while true {
      let snapshot = ReadSnapshot()
      let output = read(snapshot)
      if snapshot.isUnchanged {
        return (output, snapshot.version)
      }
    }
  }

  /// The value of `channel` (an owner) in this snapshot: read under its lock once, then reused.
  @usableFromInline
  func value<Value: Sendable>(of channel: Channel<Value>) -> Value {
    for reading in readings where reading.owner === channel {
      // The owner's identity fixes its value type, so this reading is `ReadingOf<Value>`.
      if let reading = reading as? ReadingOf<Value> { return reading.value }
    }
    let reading = ReadingOf(channel)
    readings.append(reading)
    return reading.value
  }

  /// Records that a property without a version (built with the public initialiser) was read.
  @usableFromInline
  func noteOpaqueSource() {
    readOpaqueSource = true
  }

  /// Whether no owner read has been written since: the second collect.
  private var isUnchanged: Bool {
    readings.allSatisfy { reading in
      let now = reading.versionNow()
      assert(now >= reading.version, "a write number went backwards: the double collect is void")
      return now == reading.version
    }
  }

  /// The versions this snapshot saw.
  var version: SnapshotVersion {
    SnapshotVersion(
      versions: Dictionary(
        uniqueKeysWithValues: readings.map { (ObjectIdentifier($0.owner), $0.version) }),
      includesOpaqueSource: readOpaqueSource)
  }
}
