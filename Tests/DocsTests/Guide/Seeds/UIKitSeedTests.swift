import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// A `TitleAPI` whose every call waits until the test answers it.
private struct ControlledTitleAPI: UIKitSeed.TitleAPI {
  let call = ControlledCall<Void, String>()

  func fetchTitle() async throws -> String {
    try await call.call(())
  }
}

private struct Offline: Error {}

extension GuideTests {
  /// The UIKit seed's view model, in its Signals twin: what its Combine form promises, proven here.
  @Suite struct UIKitSeedTests {
    @MainActor @Test func loadShowsProgressThenTheTitle() async throws {
      let api = ControlledTitleAPI()
      let viewModel = UIKitSeed.SignalsExampleViewModel(api: api)
      let titles = Recorder(viewModel.title)
      let loading = Recorder(viewModel.isLoading)
      let load = Task { await viewModel.load() }
      await api.call.requests(count: 1)
      #expect(loading.values == [false, true])
      api.call.resolve(0, with: "Inbox")
      await load.value
      #expect(titles.values == ["", "Inbox"])
      #expect(loading.values == [false, true, false])
    }

    @MainActor @Test func aFailureIsAToastNotState() async throws {
      let api = ControlledTitleAPI()
      let viewModel = UIKitSeed.SignalsExampleViewModel(api: api)
      let toasts = Recorder(viewModel.showToast)
      let load = Task { await viewModel.load() }
      await api.call.requests(count: 1)
      api.call.fail(0, with: Offline())
      await load.value
      #expect(toasts.values == ["Could not load the title."])
      #expect(viewModel.title.value == "")
      #expect(viewModel.isLoading.value == false)
      let lateScreen = Recorder(viewModel.showToast)
      #expect(lateScreen.values.isEmpty, "a screen that binds later sees no old toast")
    }

    @MainActor @Test func aCancelledLoadIsNotAToast() async throws {
      let api = ControlledTitleAPI()
      let viewModel = UIKitSeed.SignalsExampleViewModel(api: api)
      let toasts = Recorder(viewModel.showToast)
      let load = Task { await viewModel.load() }
      await api.call.requests(count: 1)
      load.cancel()  // the screen went away (its deinit cancels `loading`)
      await load.value
      #expect(toasts.values.isEmpty)
      #expect(viewModel.isLoading.value == false)
    }

    // snippet: uikit-seed-reentrancy-test
    @MainActor @Test func aSecondLoadWhileTheFirstAwaitsIsTurnedAway() async throws {
      let api = ControlledTitleAPI()
      let viewModel = UIKitSeed.SignalsExampleViewModel(api: api)
      let first = Task { await viewModel.load() }
      await api.call.requests(count: 1)
      await viewModel.load()  // runs while `first` is suspended at its `await`: returns at once
      #expect(api.call.requests.count == 1)
      api.call.resolve(0, with: "Inbox")
      await first.value
      #expect(viewModel.title.value == "Inbox")
    }
    // snippet-end
  }
}
