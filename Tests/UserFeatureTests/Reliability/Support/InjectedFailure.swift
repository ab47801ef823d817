import Foundation
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One kind of failure a client can report, with the user-facing kind it must map to. Used to
/// fail each step of the screens with every kind of error.
enum InjectedFailure: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case offline
  case timedOut
  case notFound
  case serverError
  case teapot
  case invalidResponse
  case undecodable
  case foreignError

  /// The error the fake client throws.
  var error: any Error {
    switch self {
    case .offline:
      return UserClientError.transport(URLError(.notConnectedToInternet))
    case .timedOut:
      return UserClientError.transport(URLError(.timedOut))
    case .notFound:
      return UserClientError.httpStatus(404)
    case .serverError:
      return UserClientError.httpStatus(503)
    case .teapot:
      return UserClientError.httpStatus(418)
    case .invalidResponse:
      return UserClientError.invalidResponse
    case .undecodable:
      return UserClientError.decoding(
        .dataCorrupted(.init(codingPath: [], debugDescription: "injected")))
    case .foreignError:
      return TestFailure()
    }
  }

  /// The kind `UserFacingError(error)` must report.
  var expectedKind: UserFacingError.Kind {
    switch self {
    case .offline: .offline
    case .timedOut: .timedOut
    case .notFound: .notFound
    case .serverError: .server
    case .teapot, .invalidResponse, .undecodable, .foreignError: .unexpected
    }
  }

  /// What the screen must show: the fixed message of the expected kind.
  var expectedError: UserFacingError {
    UserFacingError(
      kind: expectedKind, message: UserFacingError.message(for: expectedKind),
      underlying: TestFailure())
  }

  var testDescription: String { rawValue }
}
