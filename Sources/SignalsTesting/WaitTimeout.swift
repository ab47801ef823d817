/// The error a bounded wait throws when what it waits for has not happened in time: a
/// ``Recorder`` value that never arrives, a ``ControlledCall`` request that is never made, or
/// an operation run with ``withTimeout(_:waitingFor:_:)`` that never finishes.
///
/// The limit is wall-clock time and only a safety net: a broken test fails with this message
/// instead of hanging the run. A correct test never reaches it and never relies on it for
/// timing; virtual time (``TestScheduler``) and controllable fakes decide what happens when.
public struct WaitTimeout: Error, CustomStringConvertible, Sendable {
  /// The limit every wait in SignalsTesting uses unless given another: twenty seconds in a unit
  /// test, so a wrong expectation fails in seconds, not a minute; sixty seconds inside a test
  /// run with the ``DedicatedThreadTrait`` (`.dedicatedThread`), whose blocking work can keep
  /// a busy machine's threads for long (beside six busy loops, a correct wait there was seen to
  /// take more than ten seconds).
  ///
  /// A test that syncs with `settle()` (or ``Recorder/values(count:settling:tasks:timeout:)``)
  /// does not wait for this limit to fail: a wrong expectation fails once the system settles.
  public static var defaultLimit: Duration {
    isInDedicatedThreadScope ? .seconds(60) : .seconds(20)
  }

  /// Whether the current task runs inside a `.dedicatedThread` test (set by the trait).
  @TaskLocal static var isInDedicatedThreadScope = false

  /// What was awaited, for example `"value #3 of Recorder<Int> (2 recorded: [1, 2])"`.
  public let awaited: String
  /// How long the wait lasted before giving up.
  public let limit: Duration

  /// Creates the error for a wait for `awaited` that gave up after `limit`.
  public init(awaited: String, limit: Duration) {
    self.awaited = awaited
    self.limit = limit
  }

  /// `gave up after <limit> waiting for <awaited>`.
  public var description: String {
    "gave up after \(limit) waiting for \(awaited)"
  }
}
