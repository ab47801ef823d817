import Synchronization

/// At most a fixed number of workers at once; callers beyond it wait their turn, first come
/// first served, and a cancelled caller stops waiting at once. Internal; behind
/// `ChildProcessHTTPClient`.
final class WorkerSlots: Sendable {
  private struct State {
    var free: Int
    var waiting: [(id: UInt64, turn: CheckedContinuation<Void, any Error>)] = []
    var lastID: UInt64 = 0
  }

  private let state: Mutex<State>

  /// `count` slots; `count` must be positive.
  init(count: Int) {
    precondition(count > 0, "WorkerSlots: count must be positive, got \(count)")
    state = Mutex(State(free: count))
  }

  /// Runs `body` in a slot, waiting for one first; throws `CancellationError` if the caller is
  /// cancelled while it waits.
  func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (turn: CheckedContinuation<Void, any Error>) in
        // Under the lock, so a cancel either finds this caller waiting or has set the flag
        // read here (the handler runs after the flag is set).
        let now: Bool? = state.withLock { state in
          if Task.isCancelled { return false }
          if state.free > 0 {
            state.free -= 1
            return true
          }
          state.waiting.append((id, turn))
          return nil
        }
        switch now {
        case true?: turn.resume()
        case false?: turn.resume(throwing: CancellationError())
        case nil: break
        }
      }
    } onCancel: {
      let turn = state.withLock { state in
        state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).turn }
      }
      turn?.resume(throwing: CancellationError())
    }
  }

  /// How many callers wait for a slot now (for tests).
  var waitingCount: Int {
    state.withLock { $0.waiting.count }
  }

  /// Hands the slot to the first caller waiting, or frees it.
  private func release() {
    let next = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return CheckedContinuation<Void, any Error>?.none
      }
      return state.waiting.removeFirst().turn
    }
    next?.resume()
  }
}
