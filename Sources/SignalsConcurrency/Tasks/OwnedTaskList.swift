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
///   released after unlocking.
/// - Threading: every member is safe from any thread. Tasks are cancelled and awaited outside
///   the lock (cancelling runs cancellation handlers, which are user code).
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

  /// Keeps `task` until ``remove(_:)``; returns the task it replaces (the newest earlier task
  /// started under `key`, if it has not returned), for the caller to cancel.
  func insert(_ task: Task<Void, Never>, id: UInt64, key: TaskKey?) -> Task<Void, Never>? {
    state.withLock { state in
      state.entries[id] = Entry(id: id, key: key, task: task)
    }
    guard let key else { return nil }
    return newest(under: key, before: id)
  }

  /// Forgets task `id`: it has returned.
  func remove(_ id: UInt64) {
    let removed = state.withLock { $0.entries.removeValue(forKey: id) }
    withExtendedLifetime(removed) {}  // the entry, with its key, is released outside the lock
  }

  /// The newest task started under `key`, if it has not returned.
  package func task(forKey key: TaskKey) -> Task<Void, Never>? {
    newest(under: key, before: .max)
  }

  /// Every task that has not returned, oldest first.
  func unfinished() -> [Task<Void, Never>] {
    snapshot().map(\.task)
  }

  /// How many tasks have started and not returned (a cancelled task counts until it returns).
  package var unfinishedCount: Int {
    state.withLock { $0.entries.count }
  }

  /// Cancels every task that has not returned, oldest first. They stay listed until they return.
  func cancelAll() {
    for task in unfinished() {
      task.cancel()
    }
  }

  /// Returns once no task is listed: every task started before the call, and every task started
  /// while it waits, has returned. Awaits the tasks themselves (no polling, no clock).
  package func idle() async {
    while let oldest = unfinished().first {
      await oldest.value
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

  /// The newest entry with an identifier below `limit` whose key equals `key`. The keys are
  /// compared here, outside the lock, on a copy of the entries.
  private func newest(under key: TaskKey, before limit: UInt64) -> Task<Void, Never>? {
    snapshot().last { $0.id < limit && $0.key == key }?.task
  }

  /// The entries, oldest first, copied under the lock (copying a key only retains it).
  private func snapshot() -> [Entry] {
    state.withLock { Array($0.entries.values) }.sorted { $0.id < $1.id }
  }
}
