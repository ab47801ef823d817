/// The value and version read from one owner whose value is a `Value`. Internal.
final class ReadingOf<Value: Sendable>: OwnerReading {
  let channel: Channel<Value>
  let value: Value
  let version: UInt64

  init(_ channel: Channel<Value>) {
    self.channel = channel
    (value, version) = channel.currentValueAndVersion
  }

  var owner: AnyObject { channel }

  func versionNow() -> UInt64 {
    channel.currentVersion
  }
}
