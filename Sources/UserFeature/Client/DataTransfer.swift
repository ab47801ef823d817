import Dispatch
import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request bridged to async/await, with a bound on the body, and the same
/// cancellation and timeout behaviour on every platform. Internal.
///
/// - Body limit: the body is collected as it arrives, never beyond `maximumBodySize` bytes. A
///   response that announces a longer body (`Content-Length`) is stopped at its headers; one
///   that does not is stopped as soon as its bytes pass the limit: the request is cancelled and
///   whatever still arrives before the cancel takes effect is dropped, never kept.
///   Either way the request fails with ``UserClientError/bodyTooLarge(limit:)``.
/// - Connection lost: a transport failure after the response started (its headers arrived, the
///   body was cut short) fails with ``UserClientError/connectionLost(_:)``, whatever code the
///   platform gives it (`.networkConnectionLost` on Darwin, `.unknown` from libcurl on Linux).
/// - Cancellation: cancelling the calling task cancels the request (also when cancellation comes
///   before it started) and throws `CancellationError`, never `URLError.cancelled`.
/// - Timeout: the whole request (connect, wait, body) must finish within `timeout`, measured by
///   this type's own timer, or it is cancelled and fails with `URLError(.timedOut)`. The
///   request's own `timeoutInterval` is only a backstop, set a second past the limit rounded up
///   to whole seconds: swift-corelibs-foundation truncates it to whole seconds (0.3 s becomes
///   0 and fires at once), and the extra second keeps the two timers from racing.
/// - Other failures: `URLError`s become ``UserClientError/transport(_:)``.
///
/// The request runs in the client's ``TransferSession``, whose delegate hands its callbacks to
/// the request's ``BoundedTransfer``: only a delegate sees the body while it arrives, on every
/// platform. A refusal, the timeout or a cancellation returns at once; the task winds down in
/// the background, its late bytes dropped.
enum DataTransfer {
  /// Where the timeouts fire: a serial queue of its own, so a busy or blocked global queue
  /// cannot hold one back. A timeout only records itself and hands the cancel on.
  private static let timeouts = DispatchQueue(label: "DataTransfer.timeouts")

  static func perform(
    _ request: URLRequest, in session: TransferSession, timeout: Duration, maximumBodySize: Int
  ) async throws -> (Data, URLResponse) {
    var request = request
    request.timeoutInterval = timeout.wholeSecondsRoundedUp + 1
    let transfer = BoundedTransfer(maximumBodySize: maximumBodySize)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer.start(
          session.dataTask(for: request, reportingTo: transfer), reportingTo: continuation)
        // Fires once; after the request finished it finds nothing to do.
        timeouts.asyncAfter(deadline: .now() + timeout.dispatchInterval) {
          transfer.timeOut()
        }
      }
    } onCancel: {
      transfer.cancel()
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
