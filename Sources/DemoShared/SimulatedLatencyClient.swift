import UserFeature

/// A ``UserClient`` that waits for the settings' current ``DemoSettings/latency`` before each
/// request, then asks `base`: the latency can change while the app runs.
///
/// - Latency is read on the main actor when a request starts, so a change applies from the next
///   request on, never to one already waiting.
/// - Cancellation: `sleep` must throw `CancellationError` when the calling task is cancelled;
///   the request to `base` is then never made.
public struct SimulatedLatencyClient: UserClient {
  private let base: any UserClient
  private let settings: DemoSettings
  private let sleep: @Sendable (Duration) async throws -> Void

  /// - Parameters:
  ///   - base: the client that answers, usually an ``OfflineUserClient`` with no latency of its
  ///     own.
  ///   - sleep: how to wait; `Task.sleep(for:)` in the app, a recorder in tests.
  public init(
    base: any UserClient, settings: DemoSettings,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.base = base
    self.settings = settings
    self.sleep = sleep
  }

  /// Waits for the latency the settings hold now, then asks `base` for the page.
  public func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    try await sleep(await settings.latency)
    return try await base.users(matching: query, page: page, pageSize: pageSize)
  }

  /// Waits for the latency the settings hold now, then asks `base` for the user.
  public func user(id: User.ID) async throws -> User {
    try await sleep(await settings.latency)
    return try await base.user(id: id)
  }
}
