import Signals

/// Runs `operation` and returns what it returns (or throws what it throws), unless `limit` of
/// wall-clock time passes first: then throws the error `timeoutError` makes at that moment.
/// Internal.
func raceAgainstClock<Success: Sendable>(
  _ operation: @escaping @Sendable () async throws -> Success, limit: Duration,
  timeoutError: @escaping @Sendable () -> WaitTimeout
) async throws -> Success {
  let race = Race<Success>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      guard race.wait(with: continuation) else { return }
      let worker = Task {
        do {
          race.decide(.success(try await operation()))
        } catch {
          race.decide(.failure(error))
        }
      }
      let timer = Task {
        do {
          try await Task.sleep(for: limit)
        } catch {
          return  // cancelled: the race is already decided
        }
        race.decide(.failure(timeoutError()))
      }
      race.adopt([worker, timer])
    }
  } onCancel: {
    race.decide(.failure(CancellationError()))
  }
}

/// The first of several outcomes, delivered to one waiting continuation. Internal to
/// ``raceAgainstClock(_:limit:timeoutError:)``.
private final class Race<Success: Sendable>: Sendable {
  private struct State {
    var waiter: CheckedContinuation<Success, any Error>?
    /// The first outcome, once there is one.
    var outcome: Result<Success, any Error>?
    /// The competing tasks, cancelled when the race is decided.
    var tasks: [Task<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Registers the continuation to resume. Returns `false`, having resumed it, if the race was
  /// already decided (the caller was cancelled before it started).
  func wait(with continuation: CheckedContinuation<Success, any Error>) -> Bool {
    let decided = state.withLock { state -> Result<Success, any Error>? in
      if let outcome = state.outcome { return outcome }
      state.waiter = continuation
      return nil
    }
    guard let decided else { return true }
    continuation.resume(with: decided)
    return false
  }

  /// Keeps `tasks` to cancel once the race is decided (at once if it already is).
  func adopt(_ tasks: [Task<Void, Never>]) {
    let isDecided = state.withLock { state -> Bool in
      if state.outcome != nil { return true }
      state.tasks = tasks
      return false
    }
    if isDecided {
      for task in tasks { task.cancel() }
    }
  }

  /// Delivers `outcome` if it is the first; later outcomes are dropped.
  func decide(_ outcome: Result<Success, any Error>) {
    let decision = state.withLock {
      state -> (CheckedContinuation<Success, any Error>?, [Task<Void, Never>])? in
      if state.outcome != nil { return nil }
      state.outcome = outcome
      defer {
        state.waiter = nil
        state.tasks = []
      }
      return (state.waiter, state.tasks)
    }
    guard let (waiter, tasks) = decision else { return }
    // Outside the lock: resuming and cancelling run other code.
    waiter?.resume(with: outcome)
    for task in tasks { task.cancel() }
  }
}
