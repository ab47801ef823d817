import Testing
import UserFeature

@testable import SwiftUIDemo

/// Each preview's client answers a new list's first load the way its preview is named for (the
/// view model turns each answer into that state: `UserListViewModel`'s own tests).
@Suite struct PreviewClientsTests {
  @Test func theLoadingPreviewsClientAnswersOnlyByBeingCancelled() async {
    let request = Task {
      try await PreviewClients.loading.users(matching: "", page: 1, pageSize: 10)
    }
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
  }

  @Test func theLoadedPreviewsClientAnswersWithUsers() async throws {
    let page = try await PreviewClients.loaded.users(matching: "", page: 1, pageSize: 10)
    #expect(page.users.map(\.id) == Array(1...10))
    #expect(page.hasMore)
  }

  @Test func theEmptyPreviewsClientAnswersWithNobody() async throws {
    let page = try await PreviewClients.empty.users(matching: "", page: 1, pageSize: 10)
    #expect(page.users.isEmpty)
  }

  @Test func theFailedPreviewsClientFails() async {
    await #expect(throws: (any Error).self) {
      try await PreviewClients.failed.users(matching: "", page: 1, pageSize: 10)
    }
  }
}
