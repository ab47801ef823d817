import SignalsTesting
import Synchronization
import UserFeature

/// A client that passes every request to `base`, except the ones it holds: request number `n`
/// (counting both methods from 0 in arrival order) with `n` in `held` waits at ``gate`` until the
/// test answers it. Resolving lets it go on to `base`; failing throws the test's error.
///
/// So a test can keep one request in flight while the app handles other commands, for example a
/// refresh that fails only after a detail screen has covered the list.
final class GatedUserClient: UserClient {
  /// The held requests, by their request number, in the order they arrived.
  let gate = ControlledCall<Int, Void>()
  private let base: any UserClient
  private let held: Set<Int>
  private let arrivals = Mutex<[String]>([])

  init(base: any UserClient, holding held: Set<Int>) {
    self.base = base
    self.held = held
  }

  /// Every request so far, in arrival order: `users "le" page 1`, `user 3`.
  var requests: [String] {
    arrivals.withLock { $0 }
  }

  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    try await passGate("users \"\(query)\" page \(page)")
    return try await base.users(matching: query, page: page, pageSize: pageSize)
  }

  func user(id: User.ID) async throws -> User {
    try await passGate("user \(id)")
    return try await base.user(id: id)
  }

  /// Logs and numbers this request and, if it is held, waits for the test's answer.
  private func passGate(_ request: String) async throws {
    let number = arrivals.withLock { log in
      defer { log.append(request) }
      return log.count
    }
    if held.contains(number) {
      try await gate.call(number)
    }
  }
}
