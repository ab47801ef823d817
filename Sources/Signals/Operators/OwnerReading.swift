/// What a ``ReadSnapshot`` read from one owner, whatever its value type. Internal.
protocol OwnerReading: AnyObject {
  /// The owner's channel.
  var owner: AnyObject { get }
  /// The number of the write whose value was read.
  var version: UInt64 { get }
  /// The owner's write number now (the second collect).
  func versionNow() -> UInt64
}
