import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP requests with a bound on time and on memory, safe to cancel at any moment, with the
/// same behaviour on every platform. Knows nothing of what it fetches.
///
/// - Body limit: the body is collected as it arrives, never beyond ``maximumBodySize`` bytes
///   (counted inflated, when the server compressed it). A response that announces a longer body
///   (`Content-Length`) is stopped at its headers; one that does not is stopped as soon as its
///   bytes pass the limit, and whatever still arrives is dropped. Either way the request fails
///   with ``BoundedHTTPError/bodyTooLarge(limit:)``.
/// - Connection lost: a transport failure after the response started fails with
///   ``BoundedHTTPError/connectionLost(_:)``, whatever code the platform gives it.
/// - Timeout: the whole request from the caller's point of view (waiting for Foundation,
///   connecting, the body) ends within ``timeout``, measured by the client's own timer, or fails
///   with `URLError(.timedOut)`. The request's own `timeoutInterval` is only a backstop, set a
///   second past the limit rounded up to whole seconds (swift-corelibs-foundation truncates it
///   to whole seconds), and at most ten years (Foundation traps on one past 292 million years).
/// - Cancellation: cancelling the calling task stops the request (also before it started) and
///   throws `CancellationError`, never `URLError.cancelled`.
/// - Schemes: `HTTP://` and `http://` are the same (RFC 3986); the scheme is lower-cased before
///   Foundation sees it, since swift-corelibs-foundation finds no protocol for `HTTP`.
/// - IPv6 literals (`http://[::1]:8080`) fail with `URLError(.badURL)` on Linux, sending
///   nothing: swift-corelibs-foundation's `URL.host` (`::1`) and libcurl's (`[::1]`) disagree,
///   and its URLSession refuses such a URL. Use a host name.
/// - A server that closes the connection after its status line (before the blank line that
///   ends the headers) makes swift-corelibs-foundation up to Swift 6.3 trap
///   (`Transfer completed, but there's no response`, swiftlang/swift-corelibs-foundation#5285,
///   fixed by #5286): the process dies before any callback reaches this client. Where that
///   matters, run each transfer in a worker process with `ChildProcessHTTPClient`.
/// - Other failures are the platform's `URLError`s.
///
/// Every request runs as the one task of a session of its own, with no `URLCache`, invalidated
/// when the task completes: a refused or cancelled request leaves nothing the next one shares,
/// and no cancel can race a completion into swift-corelibs-foundation's task-registry trap
/// (`BoundedTransfer` explains how). The price is a new connection per request.
public struct BoundedHTTPClient: Sendable {
  /// The longest one request may take in total, from the call to the complete body.
  public let timeout: Duration
  /// The most body bytes one response may have.
  public let maximumBodySize: Int
  /// What every request's session is made from: the caller's configuration without a cache.
  private let configuration: URLSessionConfiguration

  /// A client whose sessions copy `configuration` (inject stub protocol classes here in tests),
  /// less its `URLCache`.
  ///
  /// - Precondition: `timeout` and `maximumBodySize` are positive.
  public init(configuration: URLSessionConfiguration, timeout: Duration, maximumBodySize: Int) {
    precondition(timeout > .zero, "BoundedHTTPClient: timeout must be positive, got \(timeout)")
    precondition(
      maximumBodySize > 0,
      "BoundedHTTPClient: maximumBodySize must be positive, got \(maximumBodySize)")
    // `copy()` of a URLSessionConfiguration is one (NSCopying); the fallback is never taken.
    let own = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
    own.urlCache = nil
    own.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.configuration = own
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
  }

  /// Sends `request` and returns the body and the response, whatever its status; see the
  /// type's documentation for the limits, errors and cancellation.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    var request = request
    request.timeoutInterval = min(timeout.wholeSecondsRoundedUp + 1, 10 * 365 * 86_400)
    request.url = request.url.map(Self.lowercasingScheme)
    let transfer = BoundedTransfer(maximumBodySize: maximumBodySize)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { caller in
        transfer.run(request, in: configuration, timeout: timeout, answering: caller)
      }
    } onCancel: {
      transfer.stop(because: .cancelled)
    }
    // A cancelled caller sees CancellationError whatever the session reported.
    try Task.checkCancellation()
    return try outcome.get()
  }

  /// `url` with its scheme in lower case (schemes are case-insensitive).
  private static func lowercasingScheme(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme, scheme != scheme.lowercased()
    else { return url }
    components.scheme = scheme.lowercased()
    return components.url ?? url
  }
}
