/// One consistent reading of a property graph: each owner (a ``MutableProperty``) is read at
/// most once, so every derived value computed from the snapshot comes from the same stored
/// value of each owner, and the snapshot knows which version of each owner it saw. Internal;
/// behind glitch-free ``Property/combineLatest(_:)``.
///
/// Used by one thread, within one call (not `Sendable`). It runs no user code itself; the
/// transforms that call it do, with no lock held.
@usableFromInline
final class ReadSnapshot {
  /// What was read from each owner's channel: its value, its write number, and a way to read
  /// that number again.
  private var entries: [ObjectIdentifier: (value: Any, sequence: UInt64, reread: () -> UInt64)] =
    [:]
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
    let key = ObjectIdentifier(channel)
    if let entry = entries[key], let value = entry.value as? Value {
      return value
    }
    let (value, sequence) = channel.currentValueAndVersion
    entries[key] = (value, sequence, { channel.currentVersion })
    return value
  }

  /// Records that a property without a version (built with the public initialiser) was read.
  @usableFromInline
  func noteOpaqueSource() {
    readOpaqueSource = true
  }

  /// Whether no owner read has been written since.
  private var isUnchanged: Bool {
    entries.values.allSatisfy { $0.reread() == $0.sequence }
  }

  /// The versions this snapshot saw.
  var version: SnapshotVersion {
    SnapshotVersion(
      sequences: entries.mapValues(\.sequence), includesOpaqueSource: readOpaqueSource)
  }
}
