/// What a search screen shows: the state of the search view models of anti-pattern 7.4, the
/// wrong one in StaleResponseTests.swift and its fix in TaskOwnerGuideTests.swift.
enum SearchState: Equatable, Sendable {
  case idle
  case searching(String)
  case results(String, [String])
  /// The search for this query failed: not the same as finding nothing.
  case failed(String)
}
