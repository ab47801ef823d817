import Dispatch
import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `URLSessionDataTask` bridged to async/await, with the same cancellation and timeout
/// behaviour on every platform. Internal.
///
/// - Cancellation: cancelling the calling task cancels the data task (also when cancellation
///   comes before the task exists) and throws `CancellationError`, never `URLError.cancelled`.
/// - Timeout: the whole request (connect, wait, body) must finish within `timeout`, measured by
///   this type's own timer, or it is cancelled and fails with `URLError(.timedOut)`. The
///   request's own `timeoutInterval` is only a backstop, set a second past the limit rounded up
///   to whole seconds: swift-corelibs-foundation truncates it to whole seconds (0.3 s becomes
///   0 and fires at once), and the extra second keeps the two timers from racing.
/// - Other failures: `URLError`s become ``UserClientError/transport(_:)``.
enum DataTransfer {
  static func perform(
    _ request: URLRequest, in session: URLSession, timeout: Duration
  ) async throws -> (Data, URLResponse) {
    var request = request
    request.timeoutInterval = timeout.wholeSecondsRoundedUp + 1
    let handle = TaskHandle()
    let outcome: Result<(Data, URLResponse), any Error> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if handle.finish() {
            continuation.resume(returning: .failure(URLError(.timedOut)))
          } else if let error {
            continuation.resume(returning: .failure(error))
          } else if let response {
            continuation.resume(returning: .success((data ?? Data(), response)))
          } else {
            continuation.resume(returning: .failure(UserClientError.invalidResponse))
          }
        }
        handle.start(task)
        // Fires once; after the task finished it finds nothing to do.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) {
          handle.timeOut()
        }
      }
    } onCancel: {
      handle.cancel()
    }
    // Whatever the session reported, a cancelled caller sees CancellationError: a cancelled
    // data task may also complete with a response or with URLError.cancelled.
    try Task.checkCancellation()
    switch outcome {
    case .success(let value):
      return value
    case .failure(let error as URLError):
      throw UserClientError.transport(error)
    case .failure(let error):
      throw error
    }
  }
}

/// Holds a data task so that cancellation and the timeout, which arrive on other threads before
/// or after the task exists, cancel it exactly when they should. Internal.
private final class TaskHandle: Sendable {
  private enum State {
    case waiting
    case started(URLSessionDataTask)
    case cancelled
    case timedOut
    case finished
  }

  private let state = Locked(State.waiting)

  /// Records that the task completed; returns `true` if the timeout had cancelled it.
  func finish() -> Bool {
    state.withLock { state in
      if case .timedOut = state { return true }
      state = .finished
      return false
    }
  }

  /// Resumes `task`, or cancels it at once if cancellation already happened.
  func start(_ task: URLSessionDataTask) {
    let isCancelled = state.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .started(task)
      return false
    }
    if isCancelled {
      task.cancel()
    }
    task.resume()
  }

  /// Cancels the task if it is running, and makes a later ``start(_:)`` cancel it.
  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      switch state {
      case .waiting:
        state = .cancelled
        return nil
      case .started(let task):
        state = .cancelled
        return task
      case .cancelled, .timedOut, .finished:
        return nil
      }
    }
    task?.cancel()
  }

  /// Cancels a running task and marks it timed out. Does nothing once the task finished or its
  /// caller cancelled it (the timer is armed only after ``start(_:)``).
  func timeOut() {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard case .started(let task) = state else { return nil }
      state = .timedOut
      return task
    }
    task?.cancel()
  }
}

extension Duration {
  /// Whole seconds, rounding any fraction up.
  fileprivate var wholeSecondsRoundedUp: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0))
  }

  /// This duration for Dispatch, in nanoseconds; negative durations become zero.
  fileprivate var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow, nanoseconds.partialValue <= Int64(Int.max) else { return .never }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}
