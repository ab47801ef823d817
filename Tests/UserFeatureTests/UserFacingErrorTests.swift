import Foundation
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Internal errors map to a message people can read; the cause stays available.
@Suite struct UserFacingErrorTests {
  static let offline = "You appear to be offline. Check your connection and try again."
  static let timedOut = "The server is taking too long to respond. Please try again."
  static let notFound = "The requested information could not be found."
  static let server = "The server is having trouble right now. Please try again later."
  static let unexpected = "Something went wrong. Please try again."
  static let connectionLost = "The connection to the server was lost. Please try again."
  static let tooLarge = "The server sent more data than this app accepts, so nothing was loaded."
  static let unreadable = "The server sent an answer this app cannot read."

  static let cases: [(any Error, UserFacingError.Kind, String)] = [
    (UserClientError.transport(URLError(.notConnectedToInternet)), .offline, offline),
    (UserClientError.transport(URLError(.networkConnectionLost)), .offline, offline),
    (UserClientError.connectionLost(URLError(.unknown)), .connectionLost, connectionLost),
    (
      UserClientError.connectionLost(URLError(.networkConnectionLost)), .connectionLost,
      connectionLost
    ),
    (UserClientError.bodyTooLarge(limit: 4_194_304), .responseTooLarge, tooLarge),
    (UserClientError.transport(URLError(.cannotConnectToHost)), .offline, offline),
    (UserClientError.transport(URLError(.timedOut)), .timedOut, timedOut),
    (URLError(.timedOut), .timedOut, timedOut),
    (UserClientError.transport(URLError(.badServerResponse)), .unexpected, unexpected),
    (UserClientError.transport(URLError(.cannotParseResponse)), .unreadableResponse, unreadable),
    (UserClientError.httpStatus(404), .notFound, notFound),
    (UserClientError.httpStatus(500), .server, server),
    (UserClientError.httpStatus(503), .server, server),
    (UserClientError.httpStatus(400), .unexpected, unexpected),
    (UserClientError.invalidResponse, .unexpected, unexpected),
    (decodingError(), .unexpected, unexpected),
    (TestFailure(), .unexpected, unexpected),
  ]

  static func decodingError() -> UserClientError {
    do {
      _ = try JSONDecoder().decode(User.self, from: Data("{}".utf8))
    } catch let error as DecodingError {
      return .decoding(error)
    } catch {}
    return .invalidResponse
  }

  @Test(arguments: 0..<cases.count)
  func mapsEachCauseToItsMessage(index: Int) {
    let (cause, kind, message) = Self.cases[index]
    let shown = UserFacingError(cause)
    #expect(shown.kind == kind)
    #expect(shown.message == message)
    #expect(String(describing: shown.underlying) == String(describing: cause))
  }

  @Test func theDecodingCaseReallyIsADecodingError() {
    guard case .decoding = Self.decodingError() else {
      Issue.record("the fixture did not produce a decoding error")
      return
    }
  }

  @Test func aUserFacingErrorIsNotWrappedTwice() {
    let original = UserFacingError(UserClientError.httpStatus(404))
    let again = UserFacingError(original)
    #expect(again == original)
    #expect(String(describing: again.underlying) == String(describing: original.underlying))
  }

  @Test func equalityIgnoresTheUnderlyingError() {
    let first = UserFacingError(kind: .server, message: "m", underlying: TestFailure())
    let second = UserFacingError(kind: .server, message: "m", underlying: CancellationError())
    let other = UserFacingError(kind: .unexpected, message: "m", underlying: TestFailure())
    #expect(first == second)
    #expect(first != other)
  }

  @Test func theDescriptionKeepsTheCauseForLogs() {
    let shown = UserFacingError(UserClientError.httpStatus(502))
    #expect(shown.description.contains("HTTP status 502"))
    #expect(shown.message.contains("502") == false)
  }
}
