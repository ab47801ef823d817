import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What answers an HTTP request with its body and response: ``BoundedHTTPClient`` in this
/// process, or `ChildProcessHTTPClient` (Linux only) in a child process. Both keep the same
/// limits, errors and cancellation, so a client of either is written once.
public protocol HTTPFetching: Sendable {
  /// Sends `request` and returns the body and the response, whatever its status. Throws
  /// `CancellationError` when the calling task is cancelled, ``BoundedHTTPError`` or `URLError`
  /// otherwise (``BoundedHTTPClient`` lists which).
  func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

extension BoundedHTTPClient: HTTPFetching {}
