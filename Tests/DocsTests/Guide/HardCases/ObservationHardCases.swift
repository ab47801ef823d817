import Observation
import SignalsTestSupport

// The hard cases of chapter 8 with Observation: the same view-model decisions as the Signals
// forms of HardCaseTests.swift, in `@Observable` models SwiftUI reads (SwiftUIHardCases.swift).
// They compile and run here (ObservationHardCaseTests.swift).

// snippet: observable-destination
/// 8.1 with Observation: the model owns what is presented; SwiftUI writes `nil` when the user
/// closes it, and that write becomes `dismissed()`.
@MainActor @Observable
final class ObservableContactsModel {
  enum Destination: Hashable, Identifiable, Sendable {
    case detail(id: Int)
    var id: Self { self }
  }

  private(set) var destination: Destination?

  /// While a destination is presented, another request changes nothing (a double tap).
  func select(id: Int) {
    guard destination == nil else { return }
    destination = .detail(id: id)
  }

  /// The user closed the destination (Back, a swipe, Cancel).
  func dismissed() {
    destination = nil
  }
}
// snippet-end

// snippet: observable-must-not-lose
/// 8.2 with Observation: a result the user must see is state until the screen reports it seen.
@MainActor @Observable
final class ObservablePaymentModel {
  struct Message: Equatable, Identifiable, Sendable {
    let id: Int
    let text: String
  }

  private(set) var messages: [Message] = []
  @ObservationIgnored private var nextID = 1

  func paymentFinished(_ text: String) {
    messages.append(Message(id: nextID, text: text))
    nextID += 1
  }

  /// The user dismissed the message: now, and only now, it has been seen.
  func messageShown(_ id: Message.ID) {
    messages.removeAll { $0.id == id }
  }
}
// snippet-end

// snippet: observable-stored-task
/// A stored `Task`, cancelled by the next request: only the newest search may write, and a failed
/// search is `.failed`, not the last query's results. The check after the `await` matters as much
/// as the cancel: a search that ignores cancellation still returns, late.
@MainActor @Observable
final class ObservableSearchModel {
  private(set) var state = SearchState.idle
  @ObservationIgnored private var searching: Task<Void, Never>?
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]

  init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = search
  }

  func queryChanged(_ query: String) {
    searching?.cancel()  // a newer request: the older answer is no longer wanted
    state = .searching(query)
    searching = Task { [weak self, search] in
      let found = try? await search(query)
      guard let self, !Task.isCancelled else { return }
      state = found.map { .results(query, $0) } ?? .failed(query)  // failed is not old results
    }
  }

  deinit {
    searching?.cancel()  // the screen went away: nobody wants the answer
  }
}
// snippet-end
