import Signals
import SignalsTesting

extension ScreenHarness {
  /// Calls `call` in a main-actor task of its own, as a view does (SwiftUI's `.refreshable`),
  /// and records its return in the log as `name: "returned"`: asserted after the states and
  /// events it waited for, it shows they were on screen before it returned. The harness settles
  /// the view model's tasks, not this one: await the task before asserting its return.
  func recordReturn(
    as name: String, of call: @escaping @MainActor @Sendable () async -> Void
  ) -> (task: Task<Void, Never>, returned: ScreenOutput<String>) {
    let returns = EventSender<String>()
    let returned = record(returns.stream, as: name)
    let task = Task { @MainActor in
      await call()
      returns.send("returned")
    }
    return (task, returned)
  }
}
