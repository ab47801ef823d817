/// What a ``ReadSnapshot`` read from one owner (a channel), whatever its value type. Internal.
protocol OwnerReading: AnyObject {
  var owner: AnyObject { get }
  /// The number of the write whose value was read.
  var version: UInt64 { get }
  /// The owner's write number now (the second collect).
  func versionNow() -> UInt64
}
