import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `URLSessionDataTask` bridged to async/await with the same cancellation behaviour on every
/// platform. Internal.
///
/// Cancelling the calling task cancels the data task (also when cancellation comes before the
/// task was created) and throws `CancellationError`. Other failures throw
/// ``UserClientError/transport(_:)`` for `URLError`s, or the error as is.
enum DataTransfer {
  static func perform(_ request: URLRequest, in session: URLSession) async throws -> (
    Data, URLResponse
  ) {
    let handle = TaskHandle()
    let outcome: Result<(Data, URLResponse), any Error> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(returning: .failure(error))
          } else if let response {
            continuation.resume(returning: .success((data ?? Data(), response)))
          } else {
            continuation.resume(returning: .failure(UserClientError.invalidResponse))
          }
        }
        handle.start(task)
      }
    } onCancel: {
      handle.cancel()
    }
    // Whatever the session reported, a cancelled caller sees CancellationError: on Linux a
    // cancelled data task may also complete with a response or with URLError.cancelled.
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

/// Holds a data task so that cancellation, which may arrive on another thread before or after
/// the task exists, cancels it exactly when it should. Internal.
private final class TaskHandle: Sendable {
  private enum State {
    case waiting
    case started(URLSessionDataTask)
    case cancelled
  }

  private let state = Mutex(State.waiting)

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

  /// Cancels the task if it was started, and makes a later ``start(_:)`` cancel it.
  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer { state = .cancelled }
      if case .started(let task) = state { return task }
      return nil
    }
    task?.cancel()
  }
}
