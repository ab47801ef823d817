import Signals
import Testing

@testable import UserFeature

/// A ``UserClient`` whose every request waits until the test answers it, so a test decides when
/// and in which order responses arrive, with no sleeping.
///
/// - `requests` logs each call in arrival order; answer request `n` with `succeed(n, ...)` or
///   `fail(n, ...)`.
/// - `waitForRequests(_:)` suspends until that many requests have arrived (and are answerable).
/// - Cancellation: a cancelled request is recorded in `cancelledRequests`. By default it then
///   throws `CancellationError` at once, like URLSession; with `ignoresCancellation` it keeps
///   waiting for the test's answer, to model a server response that arrives late anyway.
final class ControlledUserClient: UserClient {
  enum Request: Equatable, Sendable {
    case list(query: String, page: Int, pageSize: Int)
    case user(id: User.ID)
  }

  private enum Reply: Sendable {
    case page(UserPage)
    case user(User)
  }

  private struct State {
    var requests: [Request] = []
    var pending: [Int: CheckedContinuation<Reply, any Error>] = [:]
    var cancelled: Set<Int> = []
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())
  private let ignoresCancellation: Bool

  init(ignoresCancellation: Bool = false) {
    self.ignoresCancellation = ignoresCancellation
  }

  /// Every request so far, in arrival order.
  var requests: [Request] {
    state.withLock { $0.requests }
  }

  /// The requests whose caller was cancelled, in arrival order.
  var cancelledRequests: [Request] {
    state.withLock { state in
      state.cancelled.sorted().map { state.requests[$0] }
    }
  }

  /// The indices of requests not answered yet.
  var pendingRequests: Set<Int> {
    state.withLock { Set($0.pending.keys) }
  }

  func users(matching query: String, page: Int, pageSize: Int) async throws -> UserPage {
    let reply = try await perform(.list(query: query, page: page, pageSize: pageSize))
    guard case .page(let page) = reply else {
      Issue.record("a list request was answered with a user")
      throw CancellationError()
    }
    return page
  }

  func user(id: User.ID) async throws -> User {
    let reply = try await perform(.user(id: id))
    guard case .user(let user) = reply else {
      Issue.record("a user request was answered with a page")
      throw CancellationError()
    }
    return user
  }

  /// Suspends until at least `count` requests have arrived. If the test is cancelled first (its
  /// time limit), records an issue and returns, so a missing request fails instead of hanging.
  func waitForRequests(_ count: Int) async {
    let arrived = await untilCancelled { [self] in
      await withCheckedContinuation { continuation in
        let isReady = state.withLock { state in
          if state.requests.count >= count { return true }
          state.waiters.append((count, continuation))
          return false
        }
        if isReady {
          continuation.resume()
        }
      }
    }
    if !arrived {
      Issue.record("gave up waiting for \(count) requests; got \(requests)")
    }
  }

  /// Answers the earliest pending request equal to `request`.
  func succeed(_ request: Request, with page: UserPage) {
    answer(pendingIndex(of: request), with: .success(.page(page)))
  }

  /// Fails the earliest pending request equal to `request`.
  func fail(_ request: Request, with error: any Error) {
    answer(pendingIndex(of: request), with: .failure(error))
  }

  func succeed(_ index: Int, with page: UserPage) {
    answer(index, with: .success(.page(page)))
  }

  func succeed(_ index: Int, with user: User) {
    answer(index, with: .success(.user(user)))
  }

  func fail(_ index: Int, with error: any Error) {
    answer(index, with: .failure(error))
  }

  private func pendingIndex(of request: Request) -> Int {
    state.withLock { state in
      state.pending.keys.sorted().first { state.requests[$0] == request } ?? -1
    }
  }

  private func answer(_ index: Int, with result: Result<Reply, any Error>) {
    let continuation = state.withLock { $0.pending.removeValue(forKey: index) }
    guard let continuation else {
      Issue.record("request \(index) is not pending (requests: \(requests))")
      return
    }
    continuation.resume(with: result)
  }

  private func perform(_ request: Request) async throws -> Reply {
    let index = Locked<Int?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Checked under the lock that `onCancel` takes too: either `onCancel` finds this request
        // registered, or this check sees the cancellation.
        let (isCancelled, woken) = state.withLock {
          state -> (Bool, [CheckedContinuation<Void, Never>]) in
          let isCancelled = Task.isCancelled
          let number = state.requests.count
          index.withLock { $0 = number }
          state.requests.append(request)
          if isCancelled {
            state.cancelled.insert(number)
          }
          if !(isCancelled && !ignoresCancellation) {
            state.pending[number] = continuation
          }
          let count = state.requests.count
          let ready = state.waiters.filter { $0.count <= count }
          state.waiters.removeAll { $0.count <= count }
          return (isCancelled, ready.map(\.continuation))
        }
        if isCancelled && !ignoresCancellation {
          continuation.resume(throwing: CancellationError())
        }
        for waiter in woken {
          waiter.resume()
        }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Reply, any Error>? in
        guard let number = index.withLock({ $0 }) else { return nil }
        state.cancelled.insert(number)
        return ignoresCancellation ? nil : state.pending.removeValue(forKey: number)
      }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
