import Foundation
import Testing

@testable import UserFeature

/// Text from a server is bounded where it becomes a ``User``: per grapheme cluster and in all,
/// so matching and drawing a user never grows with what the server sent; and matching a list
/// stops when its task is cancelled.
struct UserTextBoundsTests {
  static let hugeCluster = "a" + String(repeating: "\u{0301}", count: 100_000)

  static func decodeUser(name: String) throws -> User {
    let object: [String: Any] = ["id": 1, "name": name, "username": "u", "email": "e@x"]
    return try JSONDecoder().decode(
      User.self, from: try JSONSerialization.data(withJSONObject: object))
  }

  @Test func aClusterOfAHundredThousandMarksKeepsItsFirstThirtyTwoScalars() throws {
    let user = try Self.decodeUser(name: Self.hugeCluster + " Kim")
    #expect(user.name.unicodeScalars.count == BoundedText.maximumScalarsPerCluster + 4)
    #expect(user.name.count == 5, "still one cluster, then ' Kim'")
    #expect(user.name.hasSuffix(" Kim"))
  }

  @Test func aMegabyteNameKeepsItsFirst512Scalars() throws {
    let user = try Self.decodeUser(name: String(repeating: "M", count: 1_000_000))
    #expect(user.name == String(repeating: "M", count: BoundedText.maximumScalars))
  }

  @Test(arguments: [
    "Zoë Park 👩‍💻", "김민준", "佐藤 陽菜", "👩🏽‍❤️‍💋‍👨🏻 family", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "e\u{301}\u{302}\u{303}",
  ])
  func namesPeopleWriteAreKeptWhole(_ name: String) throws {
    #expect(try Self.decodeUser(name: name).name == name)
    #expect(User(id: 1, name: name, username: name, email: name).username == name)
  }

  @Test func theInitializerBoundsToo() {
    let user = User(id: 1, name: Self.hugeCluster, username: Self.hugeCluster, email: "e")
    #expect(user.name.unicodeScalars.count == BoundedText.maximumScalarsPerCluster)
    #expect(user.username.unicodeScalars.count == BoundedText.maximumScalarsPerCluster)
  }

  /// Three such users, searched: quick now (the quadratic matching of the whole cluster took
  /// 5 s for 20,000 marks, and these have 100,000).
  @Test func searchingUsersWithHugeClustersFindsNothingAndEnds() throws {
    let users = (1...3).map {
      User(id: $0, name: Self.hugeCluster, username: "u\($0)", email: "e\($0)@x")
    }
    let page = try UserSearch.page(of: users, matching: "zzz", page: 1, pageSize: 10)
    #expect(page.users.isEmpty)
  }

  @Test func aCancelledSearchThrowsCancellationError() async {
    let users = (1...3).map { User(id: $0, name: "Ann \($0)", username: "u", email: "e") }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try UserSearch.page(of: users, matching: "ann", page: 1, pageSize: 10)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
