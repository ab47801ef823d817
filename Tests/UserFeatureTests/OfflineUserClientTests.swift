import Foundation
import Signals
import Testing

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The network-free client: fixtures, paging, injected latency and scripted failures.
@Suite(.timeLimit(.minutes(5)))
struct OfflineUserClientTests {
  /// Records the latencies requested and returns at once: no wall-clock waiting.
  final class RecordingSleep: Sendable {
    let requested = Locked<[Duration]>([])

    @Sendable func sleep(_ duration: Duration) async throws {
      requested.withLock { $0.append(duration) }
      try Task.checkCancellation()
    }
  }

  @Test func aSparingPolicyLetsTheFirstRequestsSucceedThenDefersToItsBase() {
    let policy = OfflineFailurePolicy.always().sparing(firstRequests: 1)
    #expect(policy.error(forRequest: 0) == nil)
    #expect(policy.error(forRequest: 1) != nil)
    #expect(policy.error(forRequest: 7) != nil)
  }

  @Test func theBundledFixturesAreRealisticAndEnoughToPage() throws {
    let users = try OfflineUserClient.fixtureUsers()
    #expect(users.count >= 25)
    #expect(Set(users.map(\.id)).count == users.count)
    #expect(users.map(\.id) == users.map(\.id).sorted())
    #expect(users.allSatisfy { !$0.name.isEmpty && !$0.username.isEmpty && $0.email.contains("@") })
    #expect(
      users.first
        == User(id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz"))
  }

  @Test func servesPagesOfTheMatchingUsersAfterTheLatency() async throws {
    let sleep = RecordingSleep()
    let client = OfflineUserClient(
      users: try OfflineUserClient.fixtureUsers(), latency: .milliseconds(250),
      sleep: sleep.sleep)

    let first = try await client.users(matching: "", page: 1, pageSize: 10)
    let last = try await client.users(matching: "", page: 4, pageSize: 10)
    let search = try await client.users(matching: "graham", page: 1, pageSize: 10)

    #expect(first.users.map(\.id) == Array(1...10))
    #expect(first.hasMore)
    #expect(last.users.map(\.id) == Array(31...34))
    #expect(last.hasMore == false)
    #expect(search == UserPage(users: [client.allUsers[0]], hasMore: false))
    #expect(sleep.requested.withLock { $0 } == Array(repeating: .milliseconds(250), count: 3))
  }

  @Test func findsOneUserOrAnswers404() async throws {
    let client = OfflineUserClient(users: TestUsers.users(1...3), sleep: RecordingSleep().sleep)
    #expect(try await client.user(id: 2) == TestUsers.user(2))
    await #expect(throws: UserClientError.self) {
      try await client.user(id: 99)
    }
    do {
      _ = try await client.user(id: 99)
    } catch UserClientError.httpStatus(let code) {
      #expect(code == 404)
    }
  }

  @Test func scriptedFailuresHitExactlyTheNumberedRequests() async throws {
    let client = OfflineUserClient(
      users: TestUsers.users(1...3), failures: .requests([1, 2]), sleep: RecordingSleep().sleep)
    var outcomes: [Bool] = []
    for _ in 0..<4 {
      do {
        _ = try await client.users(matching: "", page: 1, pageSize: 2)
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
    let client = OfflineUserClient(
      users: TestUsers.users(1...3),
      failures: .randomly(rate: 0.5, error: TestFailure()) {
        draws.withLock { $0.removeFirst() }
      },
      sleep: RecordingSleep().sleep)
    var outcomes: [Bool] = []
    for _ in 0..<4 {
      outcomes.append((try? await client.user(id: 1)) != nil)
    }
    #expect(outcomes == [true, false, true, false])
  }

  @Test func aCancelledCallerGetsCancellationError() async {
    let started = AsyncStream<Void>.makeStream()
    let client = OfflineUserClient(users: TestUsers.users(1...3)) { duration in
      started.continuation.yield()
      try await Task.sleep(for: .seconds(3600))
    }
    let task = Task { try await client.users(matching: "", page: 1, pageSize: 2) }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    task.cancel()
    await #expect(throws: CancellationError.self) {
      try await task.value
    }
  }
}
