import SignalsTesting
import Testing

@testable import UserFeature

/// A ``UserClient`` whose every call waits until the test answers it (see `ControlledCall` in
/// SignalsTesting): list pages through ``pageCalls``, single users through ``userCalls``. The
/// test decides when and in which order responses arrive, and sees which calls were cancelled.
final class ControlledUserClient: UserClient {
  /// One request for a page of users.
  struct PageRequest: Equatable, Sendable {
    let query: String
    let page: Int
    let pageSize: Int

    /// The request for page `page` of `query`, `pageSize` users a page.
    static func list(query: String, page: Int, pageSize: Int) -> PageRequest {
      PageRequest(query: query, page: page, pageSize: pageSize)
    }
  }

  /// The calls a client serves. A screen's test serves only the calls that screen makes, so a
  /// stray call of the other kind fails the test.
  enum Service: Sendable {
    case pages, users
  }

  /// Every `users(matching:page:pageSize:)` call, numbered from 0.
  let pageCalls: ControlledCall<PageRequest, UserPage>
  /// Every `user(id:)` call, numbered from 0.
  let userCalls: ControlledCall<User.ID, User>
  private let service: Service

  /// A client serving `service`. Its cancelled calls throw `CancellationError` at once (like
  /// `URLSession`), or with `.keepsWaitingForAnswer` wait for the test's (late) answer anyway.
  init(
    serving service: Service,
    whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError
  ) {
    self.service = service
    pageCalls = ControlledCall(whenCancelled: cancellation)
    userCalls = ControlledCall(whenCancelled: cancellation)
  }

  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    let request = PageRequest.list(query: query, page: page, pageSize: pageSize)
    try refuseUnless(.pages, "\(request)")
    return try await pageCalls.call(request)
  }

  func user(id: User.ID) async throws -> User {
    try refuseUnless(.users, "user \(id)")
    return try await userCalls.call(id)
  }

  /// Records an issue and throws if this client does not serve `kind`.
  private func refuseUnless(_ kind: Service, _ request: String) throws {
    guard kind != service else { return }
    Issue.record("unexpected request \(request): this client serves only \(service)")
    throw TestFailure()
  }
}
