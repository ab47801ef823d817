import Signals

/// The tasks of one ``TaskOwner`` that have not finished, by start order, with their keys.
/// Package-internal.
///
/// Shared by the owner and by each of its tasks (which remove themselves when they return), so
/// it outlives the owner while a cancelled task is still winding down, and a test probe
/// (`TaskOwnerProbe` in SignalsTesting) can count the tasks and await their end without keeping
/// the owner alive.
///
/// - Keys are user values: their `==`, `hash(into:)` and `deinit` are user code. So the lock
///   only stores and copies them (a retain), keyed by task identifier; finding the tasks of a
///   key compares keys outside the lock, on a copy, and a removed entry (with its key) is
///   released after unlocking. ``TaskOwner`` finds a key's task in its own main-actor index,
///   in constant time; only test probes (``task(forKey:)``) search this list.
/// - Cost: ``insert(_:id:key:)`` and ``remove(_:)`` are constant time (a dictionary by
///   identifier), so starting n tasks costs O(n), not O(n²).
/// - Threading: every member is safe from any thread. Tasks are awaited outside the lock; the
///   owners cancel them (cancelling runs cancellation handlers, which are user code).
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

  /// The newest task started under `key`, if it has not returned. Linear in the number of
  /// tasks (for test probes; ``TaskOwner`` keeps its own index).
  package func task(forKey key: TaskKey) -> Task<Void, Never>? {
    var newest: Entry?
    for entry in state.withLock({ Array($0.entries.values) })
    where entry.id >= newest?.id ?? 0 && entry.key == key {
      newest = entry
    }
    return newest?.task
  }

  /// Every task that has not returned, oldest first.
  func unfinished() -> [Task<Void, Never>] {
    snapshot().map(\.task)
  }

  /// How many tasks have started and not returned (a cancelled task counts until it returns).
  package var unfinishedCount: Int {
    state.withLock { $0.entries.count }
  }

  /// Returns once no task is listed: every task started before the call, and every task started
  /// while it waits, has returned. Awaits the tasks themselves (no polling, no clock).
  package func idle() async {
    var tasks = unfinished()
    while !tasks.isEmpty {
      for task in tasks {
        await task.value
      }
      tasks = unfinished()
    }
  }

  /// Returns once no task started under `key` is listed, including one started under it while
  /// this waits. Tasks with other keys may go on running.
  package func idle(key: TaskKey) async {
    while let task = task(forKey: key) {
      await task.value
    }
  }

  /// Whether some thread holds the list's lock right now. For tests that check that no user
  /// code (a key's `==`, `hash(into:)` or `deinit`) runs under it.
  package var isLocked: Bool {
    state.isHeld
  }

  /// The entries, oldest first, copied under the lock (copying a key only retains it).
  private func snapshot() -> [Entry] {
    state.withLock { Array($0.entries.values) }.sorted { $0.id < $1.id }
  }
}
