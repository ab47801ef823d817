import Signals
import SignalsConcurrency
import SignalsTesting
import Testing

/// What the search screen of exercise 6 shows.
public enum SearchState: Equatable, Sendable {
  /// Nothing searched yet.
  case idle
  /// A search for the query is running.
  case searching(String)
  /// The results for the query.
  case results(String, [String])
}

/// Exercise 6 (anti-pattern 7.4, a stale response overwrites newer results): a search view
/// model whose requests may answer in any order.
@MainActor
public protocol SearchModel: AnyObject, Sendable {
  /// A view model that searches with `search`.
  init(search: @escaping @Sendable (String) async throws -> [String])
  /// What the screen shows.
  var state: Property<SearchState> { get }
  /// Starts a search for `query`; the task ends when this search is done with.
  @discardableResult func search(_ query: String) -> Task<Void, Never>
}

/// The checks of exercise 6, run against the exercise's model and against its solution.
public enum SearchChecks: String, CaseIterable, Sendable {
  /// The answer to an older query arrives after the newer one's, and changes nothing.
  case aLateAnswerToAnOlderQueryIsIgnored
  /// The same, with a server that answers even a cancelled request (the answer was already on
  /// its way): cancelling is not enough.
  case anAnswerThatIgnoresCancellationIsIgnoredToo

  /// Runs this check against a new `Model`.
  @MainActor
  public func run<Model: SearchModel>(_: Model.Type) async throws {
    let server = ControlledCall<String, [String]>(
      whenCancelled: self == .aLateAnswerToAnOlderQueryIsIgnored
        ? .throwsCancellationError : .keepsWaitingForAnswer)
    let model = Model(search: server.call)
    let states = Recorder(model.state)
    let old = model.search("sw")
    await server.requests(count: 1)
    let new = model.search("swift")
    await server.requests(count: 2)
    server.resolve(1, with: ["Swift"])  // the newer request answers first
    await new.value
    if server.pendingIndices.contains(0) {
      server.resolve(0, with: ["Swift", "Swing"])  // the older one answers late
    }
    await old.value
    #expect(
      states.values == [
        .idle, .searching("sw"), .searching("swift"), .results("swift", ["Swift"]),
      ])
    #expect(server.cancelledRequests == ["sw"], "the older request should be cancelled")
  }
}
