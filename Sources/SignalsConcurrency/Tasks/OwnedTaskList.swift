import Signals

/// The tasks of one ``TaskOwner`` that have not finished, by start order, with their keys.
/// Package-internal.
///
/// Shared by the owner and by each of its tasks (which remove themselves when they return), so
/// it outlives the owner while a cancelled task is still winding down, and a test probe
/// (`TaskOwnerProbe` in SignalsTesting) can count the tasks without keeping the owner alive.
///
/// - Keys are user values: their `==`, `hash(into:)` and `deinit` are user code. So the lock
///   only stores them, keyed by task identifier, never compares them, and a removed entry (with
///   its key) is released after unlocking. ``TaskOwner`` finds a key's task in its own
///   main-actor index, in constant time.
/// - Cost: ``insert(_:id:key:)`` and ``remove(_:)`` are constant time (a dictionary by
///   identifier), so starting n tasks costs O(n), not O(n²).
/// - Threading: every member is safe from any thread. The owners cancel the tasks, outside
///   this lock (cancelling runs cancellation handlers, which are user code).
package final class OwnedTaskList: Sendable {
  private struct Entry {
    let id: UInt64
    let key: TaskKey?
    let task: Task<Void, Never>
  }

  private struct State {
    var nextID: UInt64 = 0
    /// Started and not yet returned, by identifier (start order: the identifiers only grow).
    var entries: [UInt64: Entry] = [:]
  }

  private let state = Locked(State())

  package init() {}

  /// A new identifier for ``insert(_:id:key:)``, larger than every earlier one.
  func makeID() -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
  }

  /// Keeps `task` until ``remove(_:)``. Constant time: `key` is stored, never compared here.
  func insert(_ task: Task<Void, Never>, id: UInt64, key: TaskKey?) {
    state.withLock { state in
      state.entries[id] = Entry(id: id, key: key, task: task)
    }
  }

  /// Forgets task `id`: it has returned.
  func remove(_ id: UInt64) {
    // The entry, with its key, is released outside the lock.
    releaseAfterUnlocking(state.withLock { $0.entries.removeValue(forKey: id) })
  }

  /// How many tasks have started and not returned (a cancelled task counts until it returns).
  package var unfinishedCount: Int {
    state.withLock { $0.entries.count }
  }

  /// Whether some thread holds the list's lock right now. For tests that check that no user
  /// code (a key's `==`, `hash(into:)` or `deinit`) runs under it.
  package var isLocked: Bool {
    state.isHeld
  }
}
