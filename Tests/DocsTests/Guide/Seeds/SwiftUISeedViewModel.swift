import Observation
import SignalsTestSupport

extension SwiftUISeed {
  // snippet: swiftui-seed-view-model
  /// One state enum, written only here. `load()` serves both `.task` and `.refreshable`, so two
  /// can overlap: each numbers itself and only the newest may write (latest wins), and a reload
  /// keeps the list on screen: no spinner while it runs, no error screen if it fails.
  @MainActor
  @Observable
  final class UserListViewModel {
    enum State: Equatable {
      case idle
      case loading
      case loaded([User])
      case failed(String)
    }

    private(set) var state: State = .idle
    @ObservationIgnored private let client: any UserClient
    @ObservationIgnored private var latest = 0

    init(client: any UserClient) {
      self.client = client
    }

    func load() async {
      latest += 1
      let request = latest
      if case .loaded = state {} else { state = .loading }

      do {
        let users = try await client.fetchUsers()
        guard request == latest else { return }  // a newer load started: this answer is stale
        state = .loaded(users)
      } catch {
        guard request == latest else { return }
        if case .loaded = state { return }  // a failed refresh keeps the list on screen
        state = Task.isCancelled ? .idle : .failed("Could not load the users.")
      }
    }
  }
  // snippet-end
}
