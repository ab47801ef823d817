/// The owners' write numbers (versions) a ``ReadSnapshot`` saw. Internal.
struct SnapshotVersion: Sendable {
  /// How one snapshot's version relates to the last one delivered: `newer` (some owner newer,
  /// none older: deliver it), `same` (delivered already), `stale` (some owner older: read again).
  enum Order {
    case newer
    case same
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
