import Foundation

/// A failure as people see it: a short message to display, a ``Kind`` for choosing an icon or
/// a retry affordance, and the underlying error kept for diagnostics only. Equality compares
/// ``kind`` and ``message`` only (the underlying error is not `Equatable`), so states that carry
/// a `UserFacingError` stay `Equatable` for rendering and tests.
public struct UserFacingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The broad reason, stable for code to switch on.
  public enum Kind: Equatable, Sendable {
    /// No connection, host unreachable, or the connection dropped before any answer.
    case offline
    /// The connection broke while the answer was arriving.
    case connectionLost
    /// The server sent more than the app accepts to read.
    case responseTooLarge
    /// The server's answer could not be read (a header that is not text, say).
    case unreadableResponse
    /// The server did not answer in time.
    case timedOut
    /// The requested thing does not exist (HTTP 404).
    case notFound
    /// The server failed (HTTP 5xx).
    case server
    /// Anything else: an unexpected status or body, an unknown error.
    case unexpected
  }

  /// The broad reason.
  public let kind: Kind
  /// The text to show, complete and ready for display.
  public let message: String
  /// The error that caused this one, for logs and diagnostics. Never shown as is.
  public let underlying: any Error

  /// Creates a user-facing error with an explicit message.
  public init(kind: Kind, message: String, underlying: any Error) {
    self.kind = kind
    self.message = message
    self.underlying = underlying
  }

  /// Maps any error a ``UserClient`` throws to what people should read: ``UserClientError`` and
  /// `URLError` are classified by cause; an error that is already a `UserFacingError` is
  /// returned unchanged; anything else is ``Kind/unexpected``.
  public init(_ error: any Error) {
    if let error = error as? UserFacingError {
      self = error
    } else {
      let kind = Self.kind(of: error)
      self.init(kind: kind, message: Self.message(for: kind), underlying: error)
    }
  }

  /// The message and the underlying error, for logs.
  public var description: String {
    "\(message) [\(kind); underlying: \(underlying)]"
  }

  /// Same kind and message.
  public static func == (lhs: UserFacingError, rhs: UserFacingError) -> Bool {
    lhs.kind == rhs.kind && lhs.message == rhs.message
  }

  /// The message shown for each kind.
  static func message(for kind: Kind) -> String {
    switch kind {
    case .offline:
      return "You appear to be offline. Check your connection and try again."
    case .connectionLost:
      return "The connection to the server was lost. Please try again."
    case .responseTooLarge:
      return "The server sent more data than this app accepts, so nothing was loaded."
    case .unreadableResponse:
      return "The server sent an answer this app cannot read."
    case .timedOut:
      return "The server is taking too long to respond. Please try again."
    case .notFound:
      return "The requested information could not be found."
    case .server:
      return "The server is having trouble right now. Please try again later."
    case .unexpected:
      return "Something went wrong. Please try again."
    }
  }

  private static func kind(of error: any Error) -> Kind {
    switch error {
    case UserClientError.transport(let urlError), let urlError as URLError:
      switch urlError.code {
      case .timedOut:
        .timedOut
      case .cannotParseResponse:
        .unreadableResponse
      case .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .cannotConnectToHost,
        .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
        .offline
      default:
        .unexpected
      }
    case UserClientError.connectionLost:
      .connectionLost
    case UserClientError.bodyTooLarge:
      .responseTooLarge
    case UserClientError.httpStatus(404):
      .notFound
    case UserClientError.httpStatus(500...599):
      .server
    default:
      .unexpected
    }
  }
}
