/// What a ``ControlledCall`` does when the task of a pending call is cancelled.
public enum ControlledCallCancellation: Sendable {
  /// Throw `CancellationError` at once (as `URLSession` does); the call is no longer pending.
  case throwsCancellationError
  /// Stay pending until the test answers, then return (or throw) that answer: a response
  /// already on its way arrives anyway.
  case keepsWaitingForAnswer
}
