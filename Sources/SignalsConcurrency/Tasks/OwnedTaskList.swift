import Signals

/// How many tasks of a ``TaskOwner`` have started and not returned. Package-internal; safe from
/// any thread. Shared by the owner, its tasks (each counts itself out when it returns) and test
/// probes (`TaskOwnerProbe`), so it outlives the owner while a cancelled task winds down. It
/// holds no key (user code): the owner's main-actor index does.
package final class OwnedTaskList: Sendable {
  private let count = Locked(0)

  /// Counts a task in (`1`) or out (`-1`).
  func add(_ change: Int) {
    count.withLock { $0 += change }
  }

  /// How many tasks have started and not returned (a cancelled task counts until it returns).
  package var unfinishedCount: Int {
    count.withLock { $0 }
  }

  /// Whether some thread holds the list's lock right now. For tests that check that no user
  /// code (a key's `==`, `hash(into:)` or `deinit`) runs under it.
  package var isLocked: Bool {
    count.isHeld
  }
}
