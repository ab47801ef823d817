import SignalsTesting
import Testing

/// How long ``settle(_:)`` waits before it gives up: far longer than any correct wait, even for
/// the tests that settle over real HTTP to a local server.
let settleLimit: Duration = .seconds(30)

/// Waits until every task `viewModel` started has finished, so the test can assert the whole
/// emission sequence, including that nothing more arrives. If that takes longer than
/// ``settleLimit``, records an issue and returns: a broken view model fails the test instead of
/// hanging the run.
func settle(_ viewModel: some ScreenModel) async {
  do {
    try await withTimeout(settleLimit, waitingFor: "the view model's tasks to finish") {
      await viewModel.waitUntilIdle()
    }
  } catch {
    Issue.record("\(error)")
  }
}
