import Testing

@testable import UserFeature

/// The shared matching and paging rules (offline client, static file servers).
@Suite struct UserSearchTests {
  let people = [
    User(id: 1, name: "Chloé Dubois", username: "chloed", email: "chloe@example.fr"),
    User(id: 2, name: "Oliver Smith", username: "osmith", email: "oliver@example.co.uk"),
    User(id: 3, name: "Ann Lee", username: "annl", email: "ann@example.com"),
    User(id: 4, name: "Joanna Ng", username: "jng", email: "jo@example.com"),
    User(id: 5, name: "Bob Ray", username: "bray", email: "bob@annex.io"),
  ]

  @Test func matchesNameUsernameAndEmailIgnoringCaseAndDiacritics() {
    func ids(_ query: String) -> [Int] {
      people.filter { UserSearch.matches($0, query: query) }.map(\.id)
    }
    #expect(ids("") == [1, 2, 3, 4, 5])
    #expect(ids("ANN") == [3, 4, 5])
    #expect(ids("chloe") == [1])
    #expect(ids("osmith") == [2])
    #expect(ids("co.uk") == [2])
    #expect(ids("zzz") == [])
  }

  @Test func pagesPartitionTheMatchesAndKnowTheEnd() throws {
    #expect(
      try UserSearch.page(of: people, matching: "", page: 1, pageSize: 2).users.map(\.id) == [1, 2])
    #expect(try UserSearch.page(of: people, matching: "", page: 1, pageSize: 2).hasMore)
    #expect(
      try UserSearch.page(of: people, matching: "", page: 3, pageSize: 2).users.map(\.id) == [5])
    #expect(try UserSearch.page(of: people, matching: "", page: 3, pageSize: 2).hasMore == false)
    #expect(try UserSearch.page(of: people, matching: "", page: 4, pageSize: 2).users == [])
    #expect(try UserSearch.page(of: people, matching: "ann", page: 1, pageSize: 3).hasMore == false)
    #expect(try UserSearch.page(of: people, matching: "ann", page: 1, pageSize: 2).hasMore)
    #expect(try UserSearch.page(of: people, matching: "", page: 1, pageSize: 5).hasMore == false)
  }
}
