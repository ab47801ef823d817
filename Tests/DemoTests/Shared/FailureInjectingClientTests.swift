import DemoShared
import Foundation
import Signals
import Testing
import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The demos' failure injection: which requests fail, and that the others answer as the base.
@Suite(.timeLimit(.minutes(5)))
struct FailureInjectingClientTests {
  private struct InjectedFailure: Error {}

  private static let users = (1...3).map { number in
    User(id: number, name: "User \(number)", username: "user\(number)", email: "u\(number)@x.org")
  }

  private static func client(failing failures: FailurePolicy) -> FailureInjectingClient {
    FailureInjectingClient(
      base: OfflineUserClient(users: users, latency: .zero), failures: failures)
  }

  @Test func aSparingPolicyLetsTheFirstRequestsSucceedThenDefersToItsBase() {
    let policy = FailurePolicy.always().sparing(firstRequests: 1)
    #expect(policy.error(forRequest: 0) == nil)
    #expect(policy.error(forRequest: 1) != nil)
    #expect(policy.error(forRequest: 7) != nil)
  }

  @Test func scriptedFailuresHitExactlyTheNumberedRequests() async throws {
    let client = Self.client(failing: .requests([1, 2]))
    var outcomes: [Bool] = []
    for _ in 0..<4 {
      do {
        let page = try await client.users(matching: "", page: 1, pageSize: 2)
        #expect(page.users == Array(Self.users.prefix(2)))
        outcomes.append(true)
      } catch UserClientError.transport(let error) {
        #expect(error.code == .networkConnectionLost)
        outcomes.append(false)
      }
    }
    #expect(outcomes == [true, false, false, true])
  }

  @Test func randomFailuresUseTheInjectedSource() async {
    let draws = Locked<[Double]>([0.9, 0.1, 0.5, 0.49])
    let client = Self.client(
      failing: .randomly(rate: 0.5, error: InjectedFailure()) {
        draws.withLock { $0.removeFirst() }
      })
    var outcomes: [Bool] = []
    for _ in 0..<4 {
      outcomes.append((try? await client.user(id: 1)) != nil)
    }
    #expect(outcomes == [true, false, true, false])
  }

  @Test func anErrorFromTheBasePassesThrough() async {
    let client = Self.client(failing: .never)
    do {
      _ = try await client.user(id: 99)
      Issue.record("user 99 does not exist, so the base answers 404")
    } catch UserClientError.httpStatus(let code) {
      #expect(code == 404)
    } catch {
      Issue.record("expected the base's 404, got \(error)")
    }
  }
}
