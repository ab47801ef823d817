/// The owners' write numbers (versions) a ``ReadSnapshot`` saw. Internal.
struct SnapshotVersion: Sendable {
  /// How one snapshot's version relates to the last one delivered.
  enum Order {
    /// Some owner is newer and none is older: deliver it.
    case newer
    /// Every owner is at the same version: that state was delivered already.
    case same
    /// Some owner is older: a newer state was delivered meanwhile; read again.
    case stale
  }

  let versions: [ObjectIdentifier: UInt64]
  let includesOpaqueSource: Bool

  /// Compares with `last`, the version of the state delivered last.
  func compared(to last: SnapshotVersion) -> Order {
    if includesOpaqueSource { return .newer }
    var advanced = false
    for (owner, version) in versions {
      let delivered = last.versions[owner] ?? 0
      if version < delivered { return .stale }
      if version > delivered { advanced = true }
    }
    return advanced ? .newer : .same
  }
}
