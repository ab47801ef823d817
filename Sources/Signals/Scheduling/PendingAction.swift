import Dispatch

/// An action run at most once (never once cancelled) on a dispatch queue when its own timer fires.
/// A cancelled timer frees its handler and all it holds at once; `asyncAfter` and a cancelled
/// `DispatchWorkItem` stay queued until their deadline (docs/reliability.md, "Round three").
// Why `@unchecked Sendable` is sound: both stored properties are `let`s; `action` is `Sendable`,
// and libdispatch's source functions (`dispatch_source_cancel`, used after `init` returns) may be
// called from any thread at any time. (On Linux `DispatchSource` is `Sendable`;
// `any DispatchSourceTimer` is not.)
final class PendingAction: @unchecked Sendable {
  private let action: Locked<(@Sendable () -> Void)?>
  /// Fires once. Its handler holds this action: a cycle until firing or `cancel()` cancels it.
  private let timer: any DispatchSourceTimer

  /// Arms a timer that runs `action` on `queue` after `delay`.
  init(
    on queue: DispatchQueue, after delay: DispatchTimeInterval,
    _ action: @escaping @Sendable () -> Void
  ) {
    self.action = Locked(action)
    timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + delay)
    timer.setEventHandler { [self] in take()?() }
    timer.resume()
  }

  /// Prevents a run that has not started, and lets the timer and its handler go.
  func cancel() {
    releaseAfterUnlocking(take())
  }

  /// The action, unless cancelled or already run (then `nil`); lets the timer go either way.
  private func take() -> (@Sendable () -> Void)? {
    timer.cancel()
    return action.withLock { $0.take() }
  }
}
