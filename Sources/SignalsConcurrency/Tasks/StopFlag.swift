import Signals

/// "Stopped": set once, from any thread, and re-checked on the main actor right before each
/// call of user code (an update, a retry step), so what was on its way when its work stopped is
/// dropped there. Internal: the one flag of ``UpdateDelivery`` and the retry loop.
final class StopFlag: Sendable {
  private let stopped = Locked(false)

  /// Whether ``stop()`` has been called.
  var isStopped: Bool {
    stopped.withLock { $0 }
  }

  /// Stops; `true` if this call stopped it (the first call).
  @discardableResult
  func stop() -> Bool {
    stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
  }
}
