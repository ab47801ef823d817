import Synchronization
import UserFeature

/// A ``UserClient`` that asks `base`, then fails the requests its ``FailurePolicy`` names: the
/// demos' way to show what a failed load or refresh looks like without a network.
///
/// - Numbering: requests are numbered in the order they start, from 0, counting both methods.
/// - Errors: a failing request throws the policy's error once `base` has answered, so it takes
///   as long as a real one; an error from `base` passes through unchanged.
/// - Cancellation: a cancelled caller gets what `base` throws (`CancellationError`) and no result.
public final class FailureInjectingClient: UserClient {
  private let base: any UserClient
  private let failures: FailurePolicy
  private let requestCount = Mutex(0)

  /// A client answering as `base` does, except for the requests `failures` fails.
  public init(base: any UserClient, failures: FailurePolicy) {
    self.base = base
    self.failures = failures
  }

  /// `base`'s page, or the policy's error for this request.
  public func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    let error = nextRequestError()
    let answer = try await base.users(matching: query, page: page, pageSize: pageSize)
    if let error { throw error }
    return answer
  }

  /// `base`'s user, or the policy's error for this request.
  public func user(id: User.ID) async throws -> User {
    let error = nextRequestError()
    let answer = try await base.user(id: id)
    if let error { throw error }
    return answer
  }

  private func nextRequestError() -> (any Error)? {
    let number = requestCount.withLock { count in
      defer { count += 1 }
      return count
    }
    return failures.error(forRequest: number)
  }
}
