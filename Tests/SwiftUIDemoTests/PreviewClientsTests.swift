import SignalsTesting
import Testing
import UserFeature

@testable import SwiftUIDemo

/// Each preview's client brings a new list to the state the preview is named for.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct PreviewClientsTests {
  @Test func theLoadingPreviewStaysLoading() {
    let viewModel = UserListViewModel(client: PreviewClients.loading, scheduler: TestScheduler())
    viewModel.load()
    #expect(viewModel.state.value == .loading(query: ""))
    viewModel.cancel()
  }

  @Test func theLoadedPreviewShowsItsUsers() async throws {
    let last = try await Self.firstResult(of: PreviewClients.loaded)
    #expect(last.users.map(\.id) == Array(1...10), "the first page of its twelve users")
  }

  @Test func theEmptyPreviewIsEmpty() async throws {
    #expect(try await Self.firstResult(of: PreviewClients.empty) == .empty(query: ""))
  }

  @Test func theFailedPreviewFails() async throws {
    let last = try await Self.firstResult(of: PreviewClients.failed)
    guard case .failed = last else {
      Issue.record("expected failed, got \(last)")
      return
    }
  }

  /// The state after the first load: idle, loading, then this.
  private static func firstResult(of client: any UserClient) async throws -> UserListState {
    let viewModel = UserListViewModel(client: client, scheduler: TestScheduler())
    let screen = Recorder(viewModel.state)
    viewModel.load()
    return try await screen.values(count: 3)[2]
  }
}
