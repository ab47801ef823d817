import Signals
import Testing

@testable import UserFeature

/// A view model whose started work a test can await.
protocol TracksWork: Sendable {
  @MainActor func waitUntilIdle() async
}

extension UserListViewModel: TracksWork {}
extension UserDetailViewModel: TracksWork {}

/// Waits until every task `viewModel` started has finished, so the test can assert the
/// emission sequence. If the test is cancelled first (its time limit), records an issue and
/// returns: a broken view model then fails the test instead of hanging the whole run.
func settle(_ viewModel: some TracksWork) async {
  let finished = await untilCancelled { await viewModel.waitUntilIdle() }
  if !finished {
    Issue.record("gave up waiting for the view model's work: the test was cancelled")
  }
}

/// Runs `operation` in a new task and waits for it; returns `false` instead if the current task
/// is cancelled before `operation` finishes.
func untilCancelled(_ operation: @escaping @Sendable () async -> Void) async -> Bool {
  let gate = Gate()
  let worker = Task {
    await operation()
    gate.open(true)
  }
  _ = worker
  return await withTaskCancellationHandler {
    await gate.wait()
  } onCancel: {
    gate.open(false)
  }
}

/// A one-shot result that one waiter awaits. Internal to ``untilCancelled(_:)``.
private final class Gate: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Bool, Never>)
    case opened(Bool)
  }

  private let state = Locked(State.idle)

  /// Returns the first value passed to ``open(_:)``, waiting for it if needed.
  func wait() async -> Bool {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool? in
        if case .opened(let value) = state { return value }
        state = .waiting(continuation)
        return nil
      }
      if let ready {
        continuation.resume(returning: ready)
      }
    }
  }

  /// Delivers `value` to the waiter; later calls do nothing.
  func open(_ value: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      switch state {
      case .idle:
        state = .opened(value)
        return nil
      case .waiting(let continuation):
        state = .opened(value)
        return continuation
      case .opened:
        return nil
      }
    }
    waiter?.resume(returning: value)
  }
}
