import Foundation
import Observation
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The rules without the library: the same view model written with Observation, which ships with
// the Swift toolchain (on Linux too), so every form here compiles and runs in CI: an
// `@Observable` model as Apple's SwiftUI articles keep one, plus what this guide adds for rules 5
// to 7: `@MainActor`, state only it can write (`private(set)`), work as `async` methods, one enum.

// snippet: observable-view-model
/// Rules 1, 6 and 7 with Observation: one state enum, written only here (`private(set)`), by
/// `async` work that returns to idle when it is cancelled before an answer; the newest load wins
/// (7.4); a failed reload keeps the name on screen. SwiftUI's `body` reads `state` and redraws when it changes; UIKit reads it in
/// `updateProperties()` (iOS 26).
@MainActor @Observable
final class ObservableProfileModel {
  enum State: Equatable, Sendable {
    case idle
    case loading
    case loaded(name: String)
    case failed(message: String)
  }

  private(set) var state = State.idle
  @ObservationIgnored private let fetchName: @Sendable () async throws -> String
  @ObservationIgnored private var latest = 0  // numbers each load: only the newest may write

  init(fetchName: @escaping @Sendable () async throws -> String) {
    self.fetchName = fetchName
  }

  func load() async {
    latest += 1
    let request = latest
    if case .loaded = state {} else { state = .loading }  // a reload keeps the name on screen
    do {
      let name = try await fetchName()  // another load() may run here (re-entrancy)
      guard request == latest else { return }  // a newer load started: this answer is stale
      state = .loaded(name: name)
    } catch {
      guard request == latest else { return }
      if case .loaded = state { return }  // a failed reload keeps the name (the table's toast row)
      state = Task.isCancelled ? .idle : .failed(message: "Could not load the profile.")
    }
  }
}
// snippet-end

// snippet: observable-pure-view
/// A pure view: values in, closures out. It owns nothing and knows no view model, so a preview
/// or a test builds it from plain values.
struct ProfileView {
  let state: ObservableProfileModel.State
  /// What Retry does; `nil` draws no Retry (a plain label cannot be tapped).
  let retry: (() -> Void)?

  var text: String {
    switch state {
    case .idle, .loading: "Loading…"
    case .loaded(let name): name
    case .failed(let message): retry == nil ? message : "\(message) [Retry]"
    }
  }
}
// snippet-end

/// Records each value of `read()` that Observation reports, re-registering after every change
/// as SwiftUI does when it redraws.
@MainActor
private final class TrackedReads<Value: Sendable> {
  private(set) var values: [Value] = []
  private let read: @MainActor () -> Value

  init(_ read: @escaping @MainActor () -> Value) {
    self.read = read
    track()
  }

  private func track() {
    let value = withObservationTracking {
      read()
    } onChange: { [weak self] in
      // `onChange` runs in the change's `willSet`: read the new value on the next turn.
      Task { @MainActor in self?.track() }
    }
    values.append(value)
  }

  /// Lets the main actor run until `count` values were read. A hang guard only: the re-reads are
  /// main-actor tasks already enqueued, so a few turns suffice.
  func waitForReads(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<10_000 where values.count < count {
      await Task.yield()
    }
    try #require(
      values.count >= count, "waited for \(count) tracked reads", sourceLocation: sourceLocation)
  }
}

/// An observable value that a screen would show: here, a toast kept as a value.
@MainActor @Observable
private final class ToastHolder {
  var message: String?
}

extension GuideTests {
  @Suite struct ObservationForms {
    // snippet: observable-view-model-test
    @MainActor @Test func theObservableModelMovesThroughItsStatesAndOnlyItWritesThem() async throws
    {
      let request = ControlledCall<Void, String>()
      let model = ObservableProfileModel(fetchName: { try await request.call(()) })
      let loading = Task { await model.load() }
      await request.requests(count: 1)
      #expect(model.state == .loading)
      request.resolve(0, with: "Ada")
      await loading.value
      #expect(model.state == .loaded(name: "Ada"))
      // model.state = .idle  // does not compile: the setter is private
    }
    // snippet-end

    @MainActor @Test func cancellingTheObservableModelsCallerReturnsToIdle() async throws {
      let request = ControlledCall<Void, String>()
      let model = ObservableProfileModel(fetchName: {
        do {
          return try await request.call(())
        } catch is CancellationError {
          throw URLError(.cancelled)  // what URLSession throws
        }
      })
      let loading = Task { await model.load() }
      await request.requests(count: 1)
      loading.cancel()
      await loading.value
      #expect(model.state == .idle)
    }

    // snippet: observable-latest-wins-test
    @MainActor @Test func aStaleAnswerNeverOverwritesTheNewestLoad() async throws {
      let request = ControlledCall<Void, String>()
      let model = ObservableProfileModel(fetchName: { try await request.call(()) })
      let first = Task { await model.load() }
      await request.requests(count: 1)
      let second = Task { await model.load() }  // re-entered while the first awaits
      await request.requests(count: 2)
      request.resolve(1, with: "Grace")
      await second.value
      request.resolve(0, with: "Ada (stale)")  // the older answer comes last
      await first.value
      #expect(model.state == .loaded(name: "Grace"))
    }
    // snippet-end

    /// A model that loaded "Ada", reloading: `request`'s call 1 waits for the test's answer.
    @MainActor func reloadingAda() async throws -> (
      model: ObservableProfileModel, request: ControlledCall<Void, String>,
      reload: Task<Void, Never>
    ) {
      let request = ControlledCall<Void, String>()
      let model = ObservableProfileModel(fetchName: { try await request.call(()) })
      let first = Task { await model.load() }
      await request.requests(count: 1)
      request.resolve(0, with: "Ada")
      await first.value
      let reload = Task { await model.load() }
      await request.requests(count: 2)
      return (model, request, reload)
    }

    @MainActor @Test func aReloadKeepsTheLoadedNameOnScreen() async throws {
      let (model, request, reload) = try await reloadingAda()
      #expect(model.state == .loaded(name: "Ada"), "not blanked to .loading while reloading")
      request.resolve(1, with: "Ada Lovelace")
      await reload.value
      #expect(model.state == .loaded(name: "Ada Lovelace"))
    }

    /// A failed reload keeps the name: the table's "could not refresh" row, not an error screen.
    @MainActor @Test func aFailedReloadKeepsTheLoadedNameOnScreen() async throws {
      struct Offline: Error {}
      let (model, request, reload) = try await reloadingAda()
      request.fail(1, with: Offline())
      await reload.value
      #expect(model.state == .loaded(name: "Ada"), "not blanked to the error screen")
    }

    @MainActor @Test func aTrackedReadSeesEachStateOfTheObservableModel() async throws {
      let request = ControlledCall<Void, String>()
      let model = ObservableProfileModel(fetchName: { try await request.call(()) })
      let screen = TrackedReads { model.state }
      let loading = Task { await model.load() }
      await request.requests(count: 1)
      request.resolve(0, with: "Ada")
      await loading.value
      try await screen.waitForReads(3)
      #expect(screen.values == [.idle, .loading, .loaded(name: "Ada")])
    }

    // snippet: observation-coalesces-test
    @MainActor @Test func observationCoalescesTwoChangesIntoOneRead() async throws {
      let toast = ToastHolder()
      let screen = TrackedReads { toast.message }
      toast.message = "Saved"
      toast.message = "Deleted"  // a second change before the screen reads again
      try await screen.waitForReads(2)
      #expect(screen.values == [nil, "Deleted"])  // "Saved" was never read: lost
    }
    // snippet-end

    @MainActor @Test func aPureViewIsBuiltFromPlainValues() {
      var retried = 0
      let view = ProfileView(state: .failed(message: "Offline."), retry: { retried += 1 })
      #expect(view.text == "Offline. [Retry]")
      view.retry?()
      #expect(retried == 1)
      #expect(ProfileView(state: .failed(message: "Offline."), retry: nil).text == "Offline.")
    }

    // snippet: async-stream-buffers-test
    @Test func anAsyncStreamKeepsAToastForWhoeverReadsLater() async {
      let (toasts, send) = AsyncStream<String>.makeStream()  // buffers without limit
      send.yield("Saved")  // nobody is reading yet
      send.finish()
      var shown: [String] = []
      for await toast in toasts { shown.append(toast) }
      #expect(shown == ["Saved"])  // a screen that starts reading later shows the old toast
    }
    // snippet-end

    @Test func anAsyncStreamThatBuffersNothingDropsWhatNobodyReads() async {
      let (toasts, send) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(0))
      send.yield("Saved")
      send.finish()
      var shown: [String] = []
      for await toast in toasts { shown.append(toast) }
      #expect(shown.isEmpty)  // like an EventStream, for its one reader
    }
  }
}
