import BoundedHTTP
import Foundation

/// Why a ``UserClient`` request failed, for diagnostics and logs. Never shown to people as is:
/// ``UserFacingError`` carries the message to display, with this error as its `underlying`.
public enum UserClientError: Error, Sendable, CustomStringConvertible {
  /// The request never produced a response: offline, host not found, timed out, connection
  /// lost. The `URLError` code says which.
  case transport(URLError)
  /// The server answered with a status outside 200...299.
  case httpStatus(Int)
  /// The response was not an HTTP response.
  case invalidResponse
  /// The body was not the JSON the wire protocol promises (including an empty body).
  case decoding(DecodingError)
  /// The body was longer than `limit` bytes, the most the client accepts (``LiveUserClient``'s
  /// `maximumBodySize`); it stopped reading there.
  case bodyTooLarge(limit: Int)
  /// The connection broke after the response had started, so the body is incomplete. The
  /// `URLError` is the platform's report, whose code varies (`.networkConnectionLost` on Darwin,
  /// often `.unknown` with libcurl on Linux).
  case connectionLost(URLError)

  /// A one-line technical description, for logs.
  public var description: String {
    switch self {
    case .transport(let error):
      return "transport error \(error.code.rawValue) (\(error.localizedDescription))"
    case .httpStatus(let code):
      return "HTTP status \(code)"
    case .invalidResponse:
      return "response is not HTTP"
    case .decoding(let error):
      return "undecodable body: \(error)"
    case .bodyTooLarge(let limit):
      return "response body larger than the \(limit)-byte limit"
    case .connectionLost(let error):
      return "connection lost mid-response: \(error.code.rawValue) (\(error.localizedDescription))"
    }
  }

  /// The result of `fetch`, its transport, transfer and decoding failures as this type says them.
  static func translating<T>(_ fetch: () async throws -> T) async throws -> T {
    do {
      return try await fetch()
    } catch let error as URLError {
      throw UserClientError.transport(error)
    } catch let error as DecodingError {
      throw UserClientError.decoding(error)
    } catch BoundedHTTPError.bodyTooLarge(let limit) {
      throw UserClientError.bodyTooLarge(limit: limit)
    } catch BoundedHTTPError.connectionLost(let error) {
      throw UserClientError.connectionLost(error)
    } catch BoundedHTTPError.noResponse {
      throw UserClientError.invalidResponse
    }
  }
}
