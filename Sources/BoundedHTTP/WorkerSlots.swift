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
  /// Told how many callers wait, each time one starts waiting (outside the lock): for tests.
  private let whenQueued: @Sendable (_ waiting: Int) -> Void

  /// `count` slots; `count` must be positive.
  init(count: Int, whenQueued: @escaping @Sendable (_ waiting: Int) -> Void = { _ in }) {
    precondition(count > 0, "WorkerSlots: count must be positive, got \(count)")
    state = Mutex(State(free: count))
    self.whenQueued = whenQueued
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
        let arrival = state.withLock { state -> Arrival in
          if Task.isCancelled { return .cancelled }
          if state.free > 0 {
            state.free -= 1
            return .granted
          }
          state.waiting.append((id, turn))
          return .queued(waiting: state.waiting.count)
        }
        switch arrival {
        case .granted: turn.resume()
        case .cancelled: turn.resume(throwing: CancellationError())
        case .queued(let waiting): whenQueued(waiting)
        }
      }
    } onCancel: {
      let turn = state.withLock { state in
        state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).turn }
      }
      turn?.resume(throwing: CancellationError())
    }
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

/// What a caller of ``WorkerSlots`` meets when it asks for a slot. Internal.
private enum Arrival {
  /// A free slot, now its own.
  case granted
  /// Its task was cancelled: no slot.
  case cancelled
  /// No free slot: it waits, with `waiting` callers in all.
  case queued(waiting: Int)
}
