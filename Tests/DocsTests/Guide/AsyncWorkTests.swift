import Foundation
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

// Rule: inside a view model, do work with async/await and publish the outcome as state. The
// steps read top to bottom, errors are a `catch`, and a test drives the work with a fake whose
// answer it releases when it wants.

/// A call that suspends until the test answers it.
private final class PendingCall<Value: Sendable>: Sendable {
  private let waiting = Mutex<CheckedContinuation<Value, any Error>?>(nil)
  private let startedInput: AsyncStream<Void>.Continuation
  /// Yields once each time the call starts.
  let started: AsyncStream<Void>

  init() {
    let (started, input) = AsyncStream<Void>.makeStream()
    self.started = started
    self.startedInput = input
  }

  func call() async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      waiting.withLock { $0 = continuation }
      startedInput.yield()
    }
  }

  func answer(_ result: Result<Value, any Error>) {
    let continuation = waiting.withLock { waiting in
      let taken = waiting
      waiting = nil
      return taken
    }
    guard let continuation else {
      preconditionFailure("answer(_:) called with no call waiting")
    }
    continuation.resume(with: result)
  }
}

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
  @Suite struct AsyncWork {
    // snippet: async-view-model-test
    @MainActor @Test func loadShowsLoadingUntilTheAnswerArrives() async {
      let request = PendingCall<String>()
      let viewModel = ProfileViewModel(fetchName: request.call)
      let states = Recorder(viewModel.state)
      var started = request.started.makeAsyncIterator()
      let loading = Task { await viewModel.load() }
      await started.next()  // the request is in flight
      #expect(states.values == [.idle, .loading])
      request.answer(.success("Ada"))
      await loading.value
      #expect(states.values == [.idle, .loading, .loaded(name: "Ada")])
    }
    // snippet-end

    @MainActor @Test func failedLoadPublishesFailedState() async {
      let request = PendingCall<String>()
      let viewModel = ProfileViewModel(fetchName: request.call)
      let states = Recorder(viewModel.state)
      var started = request.started.makeAsyncIterator()
      let loading = Task { await viewModel.load() }
      await started.next()
      request.answer(.failure(Offline()))
      await loading.value
      #expect(
        states.values == [.idle, .loading, .failed(message: "Could not load the profile.")])
    }

    // snippet: cancelled-load-test
    @MainActor @Test func cancellingTheCallerReturnsToIdleNotFailed() async throws {
      let request = ControlledCall<Void, String>()
      let viewModel = ProfileViewModel(fetchName: { try await request.callLikeURLSession() })
      let states = Recorder(viewModel.state)
      let loading = Task { await viewModel.load() }  // the caller owns the task
      _ = try await request.requests(count: 1)
      loading.cancel()  // the screen went away
      await loading.value
      #expect(request.cancelledIndices == [0])
      #expect(states.values == [.idle, .loading, .idle])  // not "Could not load the profile."
    }
    // snippet-end
  }
}
