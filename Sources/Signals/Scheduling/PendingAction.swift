/// An action that runs at most once, and not at all once cancelled. Internal.
final class PendingAction: Sendable {
  private let action: Locked<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  /// Runs the action unless it was cancelled or already ran (outside the lock).
  func run() {
    take()?()
  }

  /// Prevents a run that has not started.
  func cancel() {
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
