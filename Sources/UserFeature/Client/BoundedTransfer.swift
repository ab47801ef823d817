import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of one ``DataTransfer`` request: collects the body up to a limit and decides
/// how the request ended. Internal.
///
/// Cancellation, the timeout and the body limit arrive on other threads, before or after the
/// task exists; the state below makes each stop the task exactly when it should, and the first
/// reason to stop is the one reported. The task is cancelled and the caller resumed only after
/// the lock is released.
///
/// Past the limit, every further piece of body is dropped as it arrives, so memory holds at
/// most `maximumBodySize` bytes of body whatever the server sends. The task is cancelled from
/// another queue, never from a delegate callback: swift-corelibs-foundation's `cancel()` waits
/// for the session's work queue, which is busy receiving, and called on the delegate queue it
/// blocks that queue, the received data piles up in memory, and the cancel lands only after the
/// whole body has been read (measured: a 200 MB stream read to its end, 240 MB resident).
final class BoundedTransfer: NSObject, URLSessionDataDelegate, Sendable {
  /// How the request ends.
  typealias Outcome = Result<(Data, URLResponse), any Error>

  /// Why this type stopped the task itself.
  private enum StopReason {
    case timedOut
    case bodyTooLarge
  }

  private enum Phase {
    case waiting
    case started(URLSessionTask)
    /// The caller cancelled; a task started later is cancelled at once.
    case cancelled
    case finished
  }

  private struct State {
    var phase = Phase.waiting
    var stopReason: StopReason?
    var caller: CheckedContinuation<Outcome, Never>?
    /// Set when the response's headers arrived: from then on, a failure means the connection
    /// broke in the middle of the response.
    var response: URLResponse?
    var body = Data()
  }

  private let maximumBodySize: Int
  private let state = Locked(State())

  /// - Parameter maximumBodySize: the most body bytes accepted; one more fails the request.
  init(maximumBodySize: Int) {
    self.maximumBodySize = maximumBodySize
  }

  /// Runs `task` and resumes `caller` once with how it ended. If the caller was already
  /// cancelled, the task is cancelled before it starts (it still completes, with an error).
  func start(_ task: URLSessionTask, reportingTo caller: CheckedContinuation<Outcome, Never>) {
    let isCancelled = state.withLock { state -> Bool in
      state.caller = caller
      if case .cancelled = state.phase { return true }
      state.phase = .started(task)
      return false
    }
    if isCancelled {
      task.cancel()
    }
    task.resume()
  }

  /// The caller was cancelled: cancels the task if it runs, and a later ``start(_:reportingTo:)``.
  func cancel() {
    let task = state.withLock { state -> URLSessionTask? in
      switch state.phase {
      case .waiting:
        state.phase = .cancelled
        return nil
      case .started(let task):
        state.phase = .cancelled
        return task
      case .cancelled, .finished:
        return nil
      }
    }
    task?.cancel()
  }

  /// The time is up: cancels a running task and reports it timed out. Does nothing once the
  /// request ended, was cancelled by its caller or stopped for another reason.
  func timeOut() {
    stop(because: .timedOut)?.cancel()
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    state.withLock { $0.response = response }
    // `expectedContentLength` is -1 when the length is not announced (chunked encoding).
    guard response.expectedContentLength > Int64(maximumBodySize) else {
      completionHandler(.allow)
      return
    }
    let task = stop(because: .bodyTooLarge)
    completionHandler(.cancel)
    // swift-corelibs-foundation ignores the disposition: cancel the task directly as well.
    Self.cancelElsewhere(task)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard state.stopReason == nil else { return false }
      guard state.body.count + data.count <= maximumBodySize else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge {
      Self.cancelElsewhere(stop(because: .bodyTooLarge))
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    // A response that reached the task without the delegate call (a stub protocol may do that)
    // still counts, but only for a request that succeeded.
    let completedResponse = error == nil ? task.response : nil
    let (caller, outcome) = state.withLock { state in
      state.phase = .finished
      if state.response == nil {
        state.response = completedResponse
      }
      let caller = state.caller
      state.caller = nil
      let outcome = Self.outcome(of: state, error: error, limit: maximumBodySize)
      state.body = Data()
      return (caller, outcome)
    }
    caller?.resume(returning: outcome)
  }

  /// Cancels `task` on a global queue, off the delegate queue (see the type's documentation).
  private static func cancelElsewhere(_ task: URLSessionTask?) {
    guard let task else { return }
    DispatchQueue.global().async {
      task.cancel()
    }
  }

  // MARK: Deciding

  /// Records `reason` and returns the task to cancel, if the task runs and nothing stopped it
  /// yet. The body collected so far is released at once.
  private func stop(because reason: StopReason) -> URLSessionTask? {
    state.withLock { state -> URLSessionTask? in
      guard case .started(let task) = state.phase, state.stopReason == nil else { return nil }
      state.stopReason = reason
      state.body = Data()
      return task
    }
  }

  /// How the request ended, from why it was stopped, the error it completed with and whether
  /// the response had started.
  private static func outcome(of state: State, error: (any Error)?, limit: Int) -> Outcome {
    switch state.stopReason {
    case .timedOut:
      return .failure(URLError(.timedOut))
    case .bodyTooLarge:
      return .failure(UserClientError.bodyTooLarge(limit: limit))
    case nil:
      break
    }
    if let error {
      if let urlError = error as? URLError, state.response != nil,
        !notConnectionLoss.contains(urlError.code)
      {
        return .failure(UserClientError.connectionLost(urlError))
      }
      return .failure(error)
    }
    guard let response = state.response else {
      return .failure(UserClientError.invalidResponse)
    }
    return .success((state.body, response))
  }

  /// Failures after the response started that are not a broken connection: a cancellation, a
  /// session timeout, a body that could not be decompressed.
  private static let notConnectionLoss: Set<URLError.Code> = [
    .cancelled, .timedOut, .cannotDecodeContentData, .cannotDecodeRawData,
  ]
}
