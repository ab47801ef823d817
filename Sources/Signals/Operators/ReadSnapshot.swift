/// One consistent reading of a property graph: each owner (a ``MutableProperty``) is read at
/// most once, so every derived value computed from the snapshot comes from the same stored
/// value of each owner, and the snapshot knows which version of each owner it saw. Internal;
/// behind glitch-free ``Property/combineLatest(_:)``.
///
/// Used by one thread, within one call (not `Sendable`). It runs no user code itself; the
/// transforms that call it do, with no lock held.
@usableFromInline
final class ReadSnapshot {
  /// What was read from each owner, in the order the owners were first read.
  private var readings: [any OwnerReading] = []
  /// Whether a property built with the public ``Property/init(read:subscribe:)`` was read: it
  /// has no version, so a snapshot that read it never counts as "already delivered".
  private var readOpaqueSource = false

  @usableFromInline
  init() {}

  /// Reads with `read` until the reading is consistent, and returns it with its version.
  ///
  /// The owners are read one after another, with user transforms in between, so another thread
  /// may write one owner after an earlier one was read. Each owner's write number is read
  /// again afterwards (a double collect): if none changed, then at the moment the last owner
  /// was first read, every owner held the value read from it, so the reading is a state that
  /// existed. Otherwise it reads again; it can repeat only while other threads keep writing.
  /// Debug builds check the premise the argument rests on: an owner's write number never goes
  /// backwards.
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

  /// The value of `channel` (a property's owner) in this snapshot: read under its lock the
  /// first time, then the same value on every later call.
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
