/// The owners' write numbers (versions) a ``ReadSnapshot`` saw. Internal.
struct SnapshotVersion: Sendable {
  let versions: [ObjectIdentifier: UInt64]
  let includesOpaqueSource: Bool

  /// Whether some owner is newer than in `last`, the version delivered last (none is older:
  /// ``SnapshotCombiner`` reads one at a time, each after the last).
  func isNewer(than last: SnapshotVersion) -> Bool {
    includesOpaqueSource || versions.contains { $0.value > last.versions[$0.key] ?? 0 }
  }
}
