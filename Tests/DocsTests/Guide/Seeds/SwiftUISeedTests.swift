import Foundation
import SignalsTestSupport
import SignalsTesting
import Testing

/// A `UserClient` whose every call waits until the test answers it.
private struct ControlledUserClient: SwiftUISeed.UserClient {
  let call = ControlledCall<Void, [SwiftUISeed.User]>()

  func fetchUsers() async throws -> [SwiftUISeed.User] {
    try await call.call(())
  }
}

extension GuideTests {
  /// The SwiftUI seed's view model and client: each state its previews show, and the overlap of
  /// `.task` and `.refreshable` (two loads at once) resolved latest-wins.
  @Suite struct SwiftUISeedTests {
    typealias ViewModel = SwiftUISeed.UserListViewModel
    typealias Stub = SwiftUISeed.StubUserClient

    @MainActor @Test func eachStubShowsItsState() async {
      let loaded = ViewModel(client: Stub.loaded)
      let empty = ViewModel(client: Stub.empty)
      let failing = ViewModel(client: Stub.failing)
      #expect(loaded.state == .idle)
      await loaded.load()
      await empty.load()
      await failing.load()
      #expect(loaded.state == .loaded([.init(id: 1, name: "Ada"), .init(id: 2, name: "Grace")]))
      #expect(empty.state == .loaded([]))
      #expect(failing.state == .failed("Could not load the users."))
    }

    @MainActor @Test func theFirstLoadShowsProgress() async throws {
      let client = ControlledUserClient()
      let viewModel = ViewModel(client: client)
      let load = Task { await viewModel.load() }
      await client.call.requests(count: 1)
      #expect(viewModel.state == .loading)
      client.call.resolve(0, with: [])
      await load.value
      #expect(viewModel.state == .loaded([]))
    }

    // snippet: swiftui-seed-latest-wins-test
    @MainActor @Test func aLoadOnReappearingWhileARefreshAwaitsWinsAndKeepsTheList() async throws {
      let client = ControlledUserClient()
      let viewModel = ViewModel(client: client)
      let first = Task { await viewModel.load() }  // `.task`: the spinner, no list to pull yet
      await client.call.requests(count: 1)
      client.call.resolve(0, with: [.init(id: 1, name: "Ada")])
      await first.value
      let refresh = Task { await viewModel.load() }  // `.refreshable`: the user pulls the list
      await client.call.requests(count: 2)
      #expect(viewModel.state == .loaded([.init(id: 1, name: "Ada")]), "no spinner over the list")
      // The user opened a row and came Back while the refresh awaits: `.task` runs again.
      let reappeared = Task { await viewModel.load() }
      await client.call.requests(count: 3)
      client.call.resolve(2, with: [.init(id: 2, name: "Grace")])
      await reappeared.value
      client.call.resolve(1, with: [.init(id: 3, name: "Old")])  // the stale answer, last
      await refresh.value
      #expect(viewModel.state == .loaded([.init(id: 2, name: "Grace")]))
    }
    // snippet-end

    /// A failed pull-to-refresh keeps the list: only a first load with nothing to show fails.
    @MainActor @Test func aFailedRefreshKeepsTheList() async throws {
      struct Offline: Error {}
      let client = ControlledUserClient()
      let viewModel = ViewModel(client: client)
      let first = Task { await viewModel.load() }
      await client.call.requests(count: 1)
      client.call.resolve(0, with: [.init(id: 1, name: "Ada")])
      await first.value
      let refresh = Task { await viewModel.load() }
      await client.call.requests(count: 2)
      client.call.fail(1, with: Offline())
      await refresh.value
      #expect(viewModel.state == .loaded([.init(id: 1, name: "Ada")]), "not blanked to an error")
    }

    @MainActor @Test func leavingBeforeTheFirstAnswerReturnsToIdle() async throws {
      let viewModel = ViewModel(client: SwiftUISeed.PendingUserClient())
      let task = Task { await viewModel.load() }
      for _ in 0..<10_000 where viewModel.state != .loading { await Task.yield() }  // a hang guard
      try #require(viewModel.state == .loading)
      task.cancel()  // what SwiftUI does to `.task` when the view goes away
      await task.value
      #expect(viewModel.state == .idle)
    }

    @Test func theLiveClientRejectsAResponseThatIsNotHTTP() async throws {
      // A `data:` URL answers with the JSON at once, without a network, and without an HTTP
      // status: the client must not decode what it cannot check.
      let endpoint = try #require(URL(string: #"data:application/json,[{"id":1,"name":"Ada"}]"#))
      let client = SwiftUISeed.LiveUserClient(session: .shared, endpoint: endpoint)
      await #expect(throws: SwiftUISeed.UserClientError.self) { try await client.fetchUsers() }
    }
  }
}
