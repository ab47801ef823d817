import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting

/// A screen that loads through ``call``, one owned task a key, and shows each answer it applies
/// ("failed" for an error). A replaced or cancelled load applies nothing, so ``shown`` is what
/// the keyed-task tests assert.
@MainActor
final class KeyedLoadScreen {
  let tasks = TaskOwner()
  /// The fake server: every load waits for the test's answer to its request.
  let call: ControlledCall<String, String>
  private(set) var shown: [String] = []

  /// A screen whose cancelled calls throw at once, or with `.keepsWaitingForAnswer` wait for
  /// the test's (late) answer anyway.
  init(whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError) {
    call = ControlledCall(whenCancelled: cancellation)
  }

  /// Asks ``call`` for `request` in a task under `key`, replacing the task already under it.
  func load(_ request: String, key: some Hashable & Sendable) {
    tasks.run(key: key, for: self) { [call] in
      try await call.call(request)
    } then: { screen, result in
      screen.shown.append((try? result.get()) ?? "failed")
    }
  }
}
