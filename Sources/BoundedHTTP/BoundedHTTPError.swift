import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why ``BoundedHTTPClient`` refused or lost a response. Other failures arrive as the platform
/// reported them (`URLError`, with `.timedOut` for the client's own timeout) or as
/// `CancellationError`.
public enum BoundedHTTPError: Error, Sendable {
  /// The body was longer than `limit` bytes (counted inflated, when the server compressed it),
  /// the most the client accepts; it stopped reading there.
  case bodyTooLarge(limit: Int)
  /// The connection broke after the response had started, so the body is incomplete. The
  /// `URLError` is the platform's report, whose code varies (`.networkConnectionLost` on Darwin,
  /// often `.unknown` with libcurl on Linux).
  case connectionLost(URLError)
  /// The request completed without any response (a stub protocol can do that).
  case noResponse
}
