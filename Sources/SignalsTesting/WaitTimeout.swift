/// The error a bounded wait throws when what it waits for has not happened in time: a
/// ``Recorder`` value that never arrives, or a ``ControlledCall`` request that is never made.
///
/// The limit is wall-clock time and only a safety net: a broken test fails with this message
/// instead of hanging the run. A correct test never reaches it and never relies on it for
/// timing; virtual time (``TestScheduler``) and controllable fakes decide what happens when.
/// ``Recorder/next(timeout:)`` is for work no test controls (a server, a process); the
/// settling waits record an issue instead.
public struct WaitTimeout: Error, CustomStringConvertible, Sendable {
  /// The limit every wait in SignalsTesting uses unless given another: sixty seconds, far
  /// longer than any correct wait takes, even under ThreadSanitizer or beside six busy loops
  /// (where a correct wait was seen to take more than ten, and a full parallel run on a
  /// loaded two-core machine more than twenty).
  ///
  /// A wrong expectation need not wait for it: a test that syncs with `settle()` fails as soon
  /// as the system settles, with what arrived.
  public static let defaultLimit: Duration = .seconds(60)

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
