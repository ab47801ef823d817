/// Where users come from: the network (``LiveUserClient``), bundled fixtures
/// (``OfflineUserClient``) or a test fake. View models depend only on this protocol.
///
/// - Errors: implementations throw ``UserClientError`` for failures (view models turn any error
///   into a ``UserFacingError`` for display), and `CancellationError` when the calling task is
///   cancelled.
/// - Cancellation: cancelling the calling task should stop the work promptly.
/// - Threading: the methods may be called from any task, concurrently.
public protocol UserClient: Sendable {
  /// Page `page` (1-based) of the users matching `query`, at most `pageSize` users per page.
  ///
  /// An empty `query` matches everyone. Matching is case- and diacritic-insensitive on name,
  /// username and email. Pages partition the matching users in a stable order.
  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage

  /// The user with identifier `id`; throws ``UserClientError/httpStatus(_:)`` with 404 when
  /// there is none.
  func user(id: User.ID) async throws -> User
}
