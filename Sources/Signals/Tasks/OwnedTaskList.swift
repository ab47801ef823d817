/// The tasks of one ``TaskOwner`` that have not finished, by start order and by key.
/// Package-internal.
///
/// Shared by the owner and by each of its tasks (which remove themselves when they return), so
/// it outlives the owner while a cancelled task is still winding down, and a test probe
/// (`TaskOwnerProbe` in SignalsTesting) can count the tasks and await their end without keeping
/// the owner alive.
///
/// - Threading: every member is safe from any thread. Tasks are cancelled and awaited outside
///   the lock (cancelling runs cancellation handlers, which are user code).
package final class OwnedTaskList: Sendable {
  private struct Entry {
    let key: TaskKey?
    let task: Task<Void, Never>
  }

  private struct State {
    var nextID: UInt64 = 0
    /// Started and not yet returned, by start order (the identifiers only grow).
    var entries: [UInt64: Entry] = [:]
    /// The newest task started under each key, while it has not returned.
    var newestByKey: [TaskKey: UInt64] = [:]
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

  /// Keeps `task` until ``remove(_:)``; returns the task it replaces (the newest task started
  /// under `key`, if it has not returned), for the caller to cancel outside the lock.
  func insert(_ task: Task<Void, Never>, id: UInt64, key: TaskKey?) -> Task<Void, Never>? {
    state.withLock { state in
      state.entries[id] = Entry(key: key, task: task)
      guard let key else { return nil }
      let replaced = state.newestByKey.updateValue(id, forKey: key)
      return replaced.flatMap { state.entries[$0]?.task }
    }
  }

  /// Forgets task `id`: it has returned.
  func remove(_ id: UInt64) {
    let removed = state.withLock { state -> Entry? in
      guard let entry = state.entries.removeValue(forKey: id) else { return nil }
      if let key = entry.key, state.newestByKey[key] == id {
        state.newestByKey[key] = nil
      }
      return entry
    }
    withExtendedLifetime(removed) {}  // released outside the lock
  }

  /// The newest task started under `key`, if it has not returned.
  func task(forKey key: TaskKey) -> Task<Void, Never>? {
    state.withLock { state in
      state.newestByKey[key].flatMap { state.entries[$0]?.task }
    }
  }

  /// Every task that has not returned, oldest first.
  func unfinished() -> [Task<Void, Never>] {
    state.withLock { state in
      state.entries.sorted { $0.key < $1.key }.map(\.value.task)
    }
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
    while let oldest = state.withLock({ state in state.entries.min { $0.key < $1.key }?.value.task }
    ) {
      await oldest.value
    }
  }
}
