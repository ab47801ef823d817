/// One output of a view model that a ``ScreenHarness`` records (a `Property` or an
/// `EventStream`), by the name the test gave it: the handle a test asserts with
/// ``ScreenHarness/expect(_:_:at:sourceLocation:)``.
///
/// Made only by the harness's `record(_:as:)`. Carries no values itself: every emission is in
/// the harness's one log, in arrival order across outputs.
public struct ScreenOutput<Value: Sendable>: Sendable {
  /// The name failure messages show, for example `state` in `state: loading @ 0ms`.
  public let name: String
  /// The output's number in its harness.
  let id: Int
}
