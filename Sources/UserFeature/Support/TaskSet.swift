import Signals

/// The tasks a view model started that have not finished yet. Internal.
///
/// The owning view model cancels them all from its `deinit`, so a released screen stops its work.
/// Tests use ``waitUntilIdle()`` to await every piece of work instead of sleeping.
final class TaskSet: Sendable {
  private struct State {
    var nextID = 0
    var tasks: [Int: Task<Void, Never>] = [:]
  }

  private let state = Locked(State())

  /// Starts `body` on the main actor and tracks it until it returns.
  @MainActor
  func run(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    // The task holds this set weakly: the set belongs to the view model and must not be kept
    // alive by the work it tracks.
    let task = Task { @MainActor [weak self] in
      await body()
      self?.remove(id)
    }
    state.withLock { $0.tasks[id] = task }
    return task
  }

  /// The tracked tasks that have not finished yet, oldest first.
  var unfinished: [Task<Void, Never>] {
    state.withLock { state in
      state.tasks.sorted { $0.key < $1.key }.map(\.value)
    }
  }

  /// Cancels every tracked task. Their bodies still run to their next check of cancellation.
  func cancelAll() {
    let tasks = state.withLock { Array($0.tasks.values) }
    for task in tasks {
      task.cancel()
    }
  }

  /// Returns once every tracked task has finished, including tasks started while waiting.
  func waitUntilIdle() async {
    while let (id, task) = state.withLock({ $0.tasks.first.map { ($0.key, $0.value) } }) {
      await task.value
      remove(id)
    }
  }

  private func remove(_ id: Int) {
    _ = state.withLock { $0.tasks.removeValue(forKey: id) }
  }
}
