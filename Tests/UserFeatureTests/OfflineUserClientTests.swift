import Foundation
import Signals
import Testing

@testable import UserFeature

/// The network-free client: fixtures, paging, injected latency and cancellation.
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
