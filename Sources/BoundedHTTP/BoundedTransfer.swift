import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request of a ``BoundedHTTPClient``: runs it as the one task of a session of its own,
/// collects the body up to a limit, and answers its caller once, with the first way it ended.
/// Internal.
///
/// ## Answered at once
/// The caller is answered as soon as the outcome is known: at completion, or at once when the
/// limit is passed, the time is up or the caller is cancelled, without waiting for the task to
/// wind down. swift-corelibs-foundation cannot stop a transfer in the middle of one read of the
/// socket, and one read of a compressed body can inflate to gigabytes (a gzip bomb), so waiting
/// would let the server decide how long a refusal takes. Past the limit every further piece of
/// body is dropped as it arrives: this type holds at most `maximumBodySize` bytes of body.
///
/// ## Never delayed by an earlier request
/// The timer starts before anything else, and the session and its task are made and started on
/// ``starts``, not on the caller's thread: Foundation's calls can wait for its work queue (on Linux one serial
/// queue for every session in the process), which may still be inflating a refused bomb, and
/// the caller must not wait with them. The task runs in a session no other request uses, with
/// no `URLCache`, invalidated when the task completes: a refused transfer's session is never
/// shared with the next request.
///
/// ## Cancelling without racing completion
/// swift-corelibs-foundation traps (`TaskRegistry.swift: Fatal error: Trying to access a
/// behaviour for a task that in not in the registry`, swiftlang/swift-corelibs-foundation#3296)
/// when `URLSessionTask.cancel()` races the task's completion: the cancel's failure report
/// reaches the session after the completion removed the task. Two things close that path:
/// - No `URLCache`: with one, the cancel's report waits for the cache's answer on another
///   queue and can arrive after the completion whatever the timing.
/// - Completion and cancel on one queue: the session's delegate queue is an
///   ``ImmediateDelegateQueue``, so the completion callback runs on Foundation's work queue,
///   where `cancel()` does its work too. A cancel that runs first queues its report before the
///   completion queues the task's removal; one that runs after finds the task completed.
/// A task whose completion began is never cancelled at all.
///
/// ## Never more than two threads waiting for Foundation
/// Making, starting and cancelling a task each wait (`DispatchQueue.sync`) for Foundation's work
/// queue, which itself needs a thread of Dispatch's pool to run. So they run on two serial
/// queues shared by every transfer, ``starts`` and ``cancels``, never on the caller's thread, a
/// global queue or a queue per request: with a queue per request, 256 requests at once parked
/// every thread of the pool (Dispatch makes at most 255) in those waits, and the work queue,
/// the timers and the callers' tasks never ran again (issue 40). Now at most one start and one
/// cancel wait at a time, whatever the number of requests; the others wait in their queue,
/// holding no thread, and a request stopped meanwhile is never started. The caller is answered
/// by its timer or its cancel meanwhile (neither runs on those queues).
final class BoundedTransfer: Sendable {
  /// How the request ends.
  typealias Outcome = Result<(Data, URLResponse), any Error>

  /// Why the request was stopped before it completed.
  enum StopReason {
    case timedOut
    case bodyTooLarge
    case cancelled
  }

  private struct State {
    /// Who waits for the outcome; `nil` once answered (or before ``run(_:in:answering:)``).
    var caller: CheckedContinuation<Outcome, Never>?
    /// The first reason the request was stopped, if it was.
    var stopReason: StopReason?
    /// The running task, from its start until its completion begins (after which it is never
    /// cancelled).
    var task: URLSessionTask?
    /// Set when the response's headers arrived: from then on a failure means the connection
    /// broke in the middle of the response.
    var response: URLResponse?
    var body = Data()
  }

  private let maximumBodySize: Int
  private let state = Mutex(State())

  /// Where the timeouts fire: a serial queue of its own, so a busy global queue cannot hold one
  /// back. A timeout only records itself and hands the cancel on.
  private static let timeouts = DispatchQueue(label: "BoundedTransfer.timeouts")
  /// Where every transfer's session and task are made and started, one at a time.
  private static let starts = DispatchQueue(label: "BoundedTransfer.starts")
  /// Where every transfer's task is cancelled, one at a time.
  private static let cancels = DispatchQueue(label: "BoundedTransfer.cancels")

  /// - Parameter maximumBodySize: the most body bytes accepted; one more stops the request.
  init(maximumBodySize: Int) {
    self.maximumBodySize = maximumBodySize
  }

  /// Runs `request` in a session made from `configuration`, answering `caller` once, within
  /// `timeout` of this call. If the request was already stopped (its caller cancelled), answers
  /// at once and starts nothing.
  func run(
    _ request: URLRequest, in configuration: URLSessionConfiguration, timeout: Duration,
    answering caller: CheckedContinuation<Outcome, Never>
  ) {
    let stopped = state.withLock { state -> StopReason? in
      if state.stopReason == nil { state.caller = caller }
      return state.stopReason
    }
    if let stopped {
      caller.resume(returning: outcome(of: stopped))
      return
    }
    Self.timeouts.asyncAfter(deadline: .now() + timeout.dispatchInterval) { [self] in
      stop(because: .timedOut)
    }
    Self.starts.async { [self] in
      start(request, in: configuration)
    }
  }

  /// Stops the request for `reason` unless it already ended: answers the caller at once, drops
  /// the body collected so far, and cancels the task if it runs and its completion has not
  /// begun.
  func stop(because reason: StopReason) {
    let (caller, task) = state.withLock {
      state -> (CheckedContinuation<Outcome, Never>?, URLSessionTask?) in
      guard state.stopReason == nil else { return (nil, nil) }
      state.stopReason = reason
      state.body = Data()
      let caller = state.caller
      state.caller = nil
      guard let task = state.task else { return (caller, nil) }
      state.task = nil
      return (caller, task)
    }
    caller?.resume(returning: outcome(of: reason))
    if let task {
      Self.cancels.async { task.cancel() }
    }
  }

  /// Makes the request's one-task session and starts the task, unless the request was stopped
  /// meanwhile.
  private func start(_ request: URLRequest, in configuration: URLSessionConfiguration) {
    guard state.withLock({ $0.stopReason == nil }) else { return }
    let session = URLSession(
      configuration: configuration, delegate: TransferDelegate(self),
      delegateQueue: ImmediateDelegateQueue.forSession())
    let task = session.dataTask(with: request)
    session.finishTasksAndInvalidate()
    let isStopped = state.withLock { state -> Bool in
      if state.stopReason == nil { state.task = task }
      return state.stopReason != nil
    }
    if isStopped {
      task.cancel()  // never resumed, so it cannot be completing: it completes as cancelled
    } else {
      task.resume()
    }
  }

  // MARK: The task's callbacks, from its session's delegate

  /// The response's headers arrived. A body announced longer than the limit is refused here.
  func didReceive(
    _ response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    state.withLock { $0.response = response }
    // `expectedContentLength` is -1 when the length is not announced (chunked encoding). With
    // a `Content-Encoding` it counts the bytes on the wire; the inflated bytes are counted as
    // they arrive, below. swift-corelibs-foundation ignores `.cancel`, so the task is
    // cancelled as well.
    guard response.expectedContentLength > Int64(maximumBodySize) else {
      completionHandler(.allow)
      return
    }
    completionHandler(.cancel)
    stop(because: .bodyTooLarge)
  }

  /// A piece of the body arrived (inflated, when the server compressed it).
  func didReceive(_ data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard state.stopReason == nil else { return false }
      guard state.body.count + data.count <= maximumBodySize else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge {
      stop(because: .bodyTooLarge)
    }
  }

  /// The task completed, `error` saying how if it failed. From then on the task is never
  /// cancelled (see "Cancelling without racing completion" above).
  func didComplete(_ task: URLSessionTask, error: Error?) {
    // A response that reached the task without the delegate call (a stub protocol may do that)
    // still counts, but only for a request that succeeded.
    let completedResponse = error == nil ? task.response : nil
    let (caller, ending) = state.withLock {
      state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
      state.task = nil
      if state.response == nil {
        state.response = completedResponse
      }
      let caller = state.caller
      state.caller = nil
      let ending = self.outcome(of: state, error: error)
      state.body = Data()
      return (caller, ending)
    }
    caller?.resume(returning: ending)
  }

  // MARK: Deciding

  /// How a request that completed ended, from the error it completed with and whether the
  /// response had started.
  private func outcome(of state: State, error: (any Error)?) -> Outcome {
    if let reason = state.stopReason {
      return outcome(of: reason)
    }
    if let error {
      if let urlError = error as? URLError, Self.isUnreadableHeader(urlError) {
        return .failure(URLError(.cannotParseResponse))
      }
      if let urlError = error as? URLError, state.response != nil,
        !Self.notConnectionLoss.contains(urlError.code)
      {
        return .failure(BoundedHTTPError.connectionLost(urlError))
      }
      return .failure(error)
    }
    guard let response = state.response else {
      return .failure(BoundedHTTPError.noResponse)
    }
    return .success((state.body, response))
  }

  /// How a request stopped for `reason` ends.
  private func outcome(of reason: StopReason) -> Outcome {
    switch reason {
    case .timedOut:
      return .failure(URLError(.timedOut))
    case .bodyTooLarge:
      return .failure(BoundedHTTPError.bodyTooLarge(limit: maximumBodySize))
    case .cancelled:
      return .failure(CancellationError())
    }
  }

  /// libcurl refuses a header line it cannot hand over (a byte that is not UTF-8 in it, say),
  /// and swift-corelibs-foundation reports only `URLError(.unknown)` with this description; it
  /// is a response that cannot be read, and the error says so.
  private static func isUnreadableHeader(_ error: URLError) -> Bool {
    error.code == .unknown
      && error.userInfo[NSLocalizedDescriptionKey] as? String == "Failed writing header"
  }

  /// Failures after the response started that are not a broken connection: a cancellation, a
  /// session timeout, a body that could not be decompressed.
  private static let notConnectionLoss: Set<URLError.Code> = [
    .cancelled, .timedOut, .cannotDecodeContentData, .cannotDecodeRawData,
  ]
}
