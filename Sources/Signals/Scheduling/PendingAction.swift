import Dispatch

/// An action that runs at most once, and not at all once cancelled; on a dispatch queue, when a
/// timer of its own fires. Internal.
///
/// One `DispatchSourceTimer` per action, cancelled when the action runs or is cancelled: a
/// cancelled timer leaves libdispatch's timer list at once, with its handler and everything the
/// handler holds. (`asyncAfter` cannot be taken back: a superseded wait of a long debounce kept
/// about 550 bytes queued until its deadline, 54 MB for 100,000 values with a 10^9 s debounce;
/// a cancelled `DispatchWorkItem` is kept just as long, about 640 bytes, measured on Linux.)
final class PendingAction: Sendable {
  private let action: Locked<(@Sendable () -> Void)?>
  /// Fires once; its handler holds this action, and cancelling it releases the handler.
  private let timer: OneShotTimer

  /// Arms a timer that runs `action` on `queue` after `delay`.
  init(
    on queue: DispatchQueue, after delay: DispatchTimeInterval,
    _ action: @escaping @Sendable () -> Void
  ) {
    self.action = Locked(action)
    timer = OneShotTimer(DispatchSource.makeTimerSource(queue: queue))
    let timer = timer.source
    timer.schedule(deadline: .now() + delay)
    // The handler holds `self` until the timer is cancelled (by `run()` or `cancel()`), which
    // releases the handler: the cycle lasts only while the action waits.
    timer.setEventHandler { [self] in run() }
    timer.resume()
  }

  /// Runs the action unless it was cancelled or already ran (outside the lock).
  private func run() {
    timer.source.cancel()
    take()?()
  }

  /// Prevents a run that has not started, and lets the timer and its handler go.
  func cancel() {
    timer.source.cancel()
    releaseAfterUnlocking(take())
  }

  private func take() -> (@Sendable () -> Void)? {
    action.withLock { stored in
      let taken = stored
      stored = nil
      return taken
    }
  }
}

/// A dispatch timer source shared between the thread that schedules an action and those that
/// run or cancel it. Internal.
// Why `@unchecked Sendable` is sound: the one stored property is a `let`, and a dispatch source
// is thread-safe: libdispatch's source functions (`dispatch_source_cancel`, used after `init`
// returns) may be called from any thread at any time. (On Linux `DispatchSource` is `Sendable`
// itself, but `makeTimerSource` returns the protocol type, which is not.)
private final class OneShotTimer: @unchecked Sendable {
  let source: any DispatchSourceTimer

  init(_ source: any DispatchSourceTimer) {
    self.source = source
  }
}
