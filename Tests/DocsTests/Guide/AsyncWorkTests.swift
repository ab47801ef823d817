import Foundation
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Rule: inside a view model, do work with async/await and publish the outcome as state. The
// steps read top to bottom, errors are a `catch`, and a test drives the work with a fake whose
// answer it releases when it wants.

private struct Offline: Error {}

extension ControlledCall where Request == Void {
  /// The call as URLSession makes it: cancelling the caller throws `URLError(.cancelled)`, not
  /// `CancellationError`.
  fileprivate func callLikeURLSession() async throws -> Response {
    do {
      return try await call(())
    } catch is CancellationError {
      throw URLError(.cancelled)
    }
  }
}

// snippet: async-view-model
/// Work is an `async` function; its outcome is published as one state value.
@MainActor
private final class ProfileViewModel {
  enum State: Equatable, Sendable {
    case idle
    case loading
    case loaded(name: String)
    case failed(message: String)
  }

  private let stateOwner = MutableProperty(State.idle)
  private let fetchName: @Sendable () async throws -> String
  var state: Property<State> { stateOwner.property }

  init(fetchName: @escaping @Sendable () async throws -> String) {
    self.fetchName = fetchName
  }

  func load() async {
    stateOwner.value = .loading
    do {
      let name = try await fetchName()
      stateOwner.value = .loaded(name: name)
    } catch {
      // Cancelled is not failed. Ask the task, not the error: URLSession throws
      // URLError(.cancelled), not CancellationError, when its caller is cancelled.
      stateOwner.value =
        Task.isCancelled ? .idle : .failed(message: "Could not load the profile.")
    }
  }
}
// snippet-end

extension GuideTests {
  @MainActor @Suite struct AsyncWork {
    // The caller owns `load()`'s task, which no harness settles: the test awaits it.
    // snippet: async-view-model-test
    @Test func loadShowsLoadingUntilTheAnswerArrives() async throws {
      let request = ControlledCall<Void, String>()
      let viewModel = ProfileViewModel(fetchName: { try await request.call(()) })
      let screen = ScreenHarness()
      let state = screen.record(viewModel.state, as: "state")
      let loading = Task { await viewModel.load() }
      await request.requests(count: 1)  // the request is in flight
      await screen.expect(state, .idle, .loading)
      request.resolve(0, with: "Ada")
      await loading.value
      await screen.expect(state, .loaded(name: "Ada"))
      await screen.finish()
    }
    // snippet-end

    @Test func failedLoadPublishesFailedState() async throws {
      let request = ControlledCall<Void, String>()
      let viewModel = ProfileViewModel(fetchName: { try await request.call(()) })
      let screen = ScreenHarness()
      let state = screen.record(viewModel.state, as: "state")
      let loading = Task { await viewModel.load() }
      await request.requests(count: 1)
      request.fail(0, with: Offline())
      await loading.value
      await screen.expect(state, .idle, .loading, .failed(message: "Could not load the profile."))
      await screen.finish()
    }

    // snippet: cancelled-load-test
    @Test func cancellingTheCallerReturnsToIdleNotFailed() async throws {
      let request = ControlledCall<Void, String>()
      let viewModel = ProfileViewModel(fetchName: { try await request.callLikeURLSession() })
      let screen = ScreenHarness()
      let state = screen.record(viewModel.state, as: "state")
      let loading = Task { await viewModel.load() }  // the caller owns the task
      await request.requests(count: 1)
      loading.cancel()  // the screen went away
      await loading.value
      #expect(request.cancelledRequests.count == 1)
      await screen.expect(state, .idle, .loading, .idle)  // not "Could not load the profile."
      await screen.finish()
    }
    // snippet-end
  }
}
