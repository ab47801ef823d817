import Signals

/// The tasks of one ``TaskOwner`` that have not finished, by identifier. Package-internal.
///
/// Shared by the owner and by each of its tasks (which remove themselves when they return), so
/// it outlives the owner while a cancelled task is still winding down, and a test probe
/// (`TaskOwnerProbe` in SignalsTesting) can count the tasks without keeping the owner alive.
///
/// - Keys: the list holds none (a key's `==`, `hash(into:)` and `deinit` are user code);
///   ``TaskOwner`` finds a key's task in its own main-actor index, in constant time.
/// - Cost: ``insert(_:)`` and ``remove(_:)`` are constant time (a set of identifiers), so
///   starting n tasks costs O(n), not O(n²).
/// - Threading: every member is safe from any thread.
package final class OwnedTaskList: Sendable {
  private struct State {
    var nextID: UInt64 = 0
    /// The tasks started and not yet returned.
    var unfinished: Set<UInt64> = []
  }

  private let state = Locked(State())

  package init() {}

  /// A new identifier for ``insert(_:)``, larger than every earlier one.
  func makeID() -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
  }

  /// Counts task `id` until ``remove(_:)``.
  func insert(_ id: UInt64) {
    state.withLock { _ = $0.unfinished.insert(id) }
  }

  /// Forgets task `id`: it has returned.
  func remove(_ id: UInt64) {
    state.withLock { _ = $0.unfinished.remove(id) }
  }

  /// How many tasks have started and not returned (a cancelled task counts until it returns).
  package var unfinishedCount: Int {
    state.withLock { $0.unfinished.count }
  }

  /// Whether some thread holds the list's lock right now. For tests that check that no user
  /// code (a key's `==`, `hash(into:)` or `deinit`) runs under it.
  package var isLocked: Bool {
    state.isHeld
  }
}
