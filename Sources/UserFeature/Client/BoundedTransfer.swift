import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One ``DataTransfer`` request's share of the session's delegate callbacks (routed to it by
/// ``TransferSession``): collects the body up to a limit and decides how the request ended.
/// Internal.
///
/// Cancellation, the timeout and the body limit arrive on other threads, before or after the
/// task exists; the state below makes each stop the task exactly when it should, and the first
/// reason to stop is the one reported. The task is cancelled and the caller resumed only after
/// the lock is released.
///
/// The caller is resumed as soon as the outcome is known: at completion, or at once when the
/// limit is passed or the time is up, without waiting for the task to wind down.
/// swift-corelibs-foundation cannot stop a transfer in the middle of one read of the socket,
/// and one read of a compressed body can inflate to gigabytes (a gzip bomb: 8 MB on the wire
/// kept a caller that waited for completion on "Loading users" for 16-72 s), so waiting for
/// completion would let the server decide how long a refusal takes.
///
/// Past the limit, every further piece of body is dropped as it arrives, so this type holds at
/// most `maximumBodySize` bytes of body whatever the server sends. The task is cancelled from
/// another queue, never from a delegate callback: swift-corelibs-foundation's `cancel()` waits
/// for the session's work queue, which is busy receiving, and called on the delegate queue it
/// blocks that queue, the received data piles up in memory, and the cancel lands only after the
/// whole body has been read (measured: a 200 MB stream read to its end, 240 MB resident).
final class BoundedTransfer: Sendable {
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

  /// The caller was cancelled: resumes it at once (with `CancellationError`) and cancels the
  /// task if it runs, from another queue, so the cancelling thread (often the main actor) never
  /// waits for the session; or cancels a later ``start(_:reportingTo:)``.
  func cancel() {
    let (task, caller) = state.withLock {
      state -> (URLSessionTask?, CheckedContinuation<Outcome, Never>?) in
      switch state.phase {
      case .waiting:
        state.phase = .cancelled
        return (nil, nil)
      case .started(let task):
        state.phase = .cancelled
        state.body = Data()
        let caller = state.caller
        state.caller = nil
        return (task, caller)
      case .cancelled, .finished:
        return (nil, nil)
      }
    }
    caller?.resume(returning: .failure(CancellationError()))
    Self.cancelElsewhere(task)
  }

  /// The time is up: reports it timed out at once and cancels a running task. Does nothing once
  /// the request ended, was cancelled by its caller or stopped for another reason.
  func timeOut() {
    Self.cancelElsewhere(stop(because: .timedOut))
  }

  // MARK: The task's callbacks, from the session's delegate

  /// The response's headers arrived. A body announced longer than the limit is refused here.
  func didReceive(
    _ response: URLResponse, for task: URLSessionTask,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    state.withLock { $0.response = response }
    // `expectedContentLength` is -1 when the length is not announced (chunked encoding). With
    // a `Content-Encoding` it counts the bytes on the wire; the inflated bytes are counted as
    // they arrive, below.
    guard response.expectedContentLength > Int64(maximumBodySize) else {
      completionHandler(.allow)
      return
    }
    let task = stop(because: .bodyTooLarge)
    completionHandler(.cancel)
    // swift-corelibs-foundation ignores the disposition: cancel the task directly as well.
    Self.cancelElsewhere(task)
  }

  /// A piece of the body arrived (inflated, when the server compressed it).
  func didReceive(_ data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard state.stopReason == nil, case .started = state.phase else { return false }
      guard state.body.count + data.count <= maximumBodySize else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge {
      Self.cancelElsewhere(stop(because: .bodyTooLarge))
    }
  }

  /// The task completed, `error` saying how, if it failed.
  func didComplete(_ task: URLSessionTask, error: Error?) {
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

  /// Cancels `task` on a serial queue of its own, off the delegate queue (see the type's
  /// documentation). Not on a global queue: `cancel()` can block for as long as the session's
  /// work queue is busy (seconds, under a gzip bomb), and a few blocked cancels would hold every
  /// thread of the width-limited global queues that the timeouts and Foundation's own delegate
  /// queues run on (measured: a 5 s timeout that fired after 22 s). A queue made with a label
  /// runs on a thread of its own when the others are blocked.
  private static func cancelElsewhere(_ task: URLSessionTask?) {
    guard let task else { return }
    DispatchQueue(label: "BoundedTransfer.cancel").async {
      task.cancel()
    }
  }

  // MARK: Deciding

  /// Records `reason`, resumes the caller with it at once, and returns the task to cancel, if
  /// the task runs and nothing stopped it yet. The body collected so far is released at once.
  private func stop(because reason: StopReason) -> URLSessionTask? {
    let stopped = state.withLock {
      state -> (URLSessionTask, CheckedContinuation<Outcome, Never>?)? in
      guard case .started(let task) = state.phase, state.stopReason == nil else { return nil }
      state.stopReason = reason
      state.body = Data()
      let caller = state.caller
      state.caller = nil
      return (task, caller)
    }
    guard let (task, caller) = stopped else { return nil }
    caller?.resume(returning: Self.outcome(of: reason, limit: maximumBodySize))
    return task
  }

  /// How the request ended, from why it was stopped, the error it completed with and whether
  /// the response had started.
  private static func outcome(of state: State, error: (any Error)?, limit: Int) -> Outcome {
    if let reason = state.stopReason {
      return outcome(of: reason, limit: limit)
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

  /// How a request this type stopped for `reason` ends.
  private static func outcome(of reason: StopReason, limit: Int) -> Outcome {
    switch reason {
    case .timedOut:
      return .failure(URLError(.timedOut))
    case .bodyTooLarge:
      return .failure(UserClientError.bodyTooLarge(limit: limit))
    }
  }

  /// Failures after the response started that are not a broken connection: a cancellation, a
  /// session timeout, a body that could not be decompressed.
  private static let notConnectionLoss: Set<URLError.Code> = [
    .cancelled, .timedOut, .cannotDecodeContentData, .cannotDecodeRawData,
  ]
}
