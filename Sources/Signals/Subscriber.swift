import Synchronization

/// One registered handler of a ``Channel``. Internal.
///
/// The channel holds it strongly until it is cancelled; it holds the channel strongly so that
/// cancelling can always find its way back. The cycle is broken when the channel removes it.
final class Subscriber<Value: Sendable>: Cancelling {
  /// The user's handler. Called by the channel's delivering thread, never under a lock.
  let handler: @Sendable (Value) -> Void
  /// The sequence number of the last value sent before this subscriber joined: it receives only
  /// values with a larger number, so a late subscriber never sees an older value.
  let since: UInt64
  /// The channel this subscriber belongs to.
  let channel: Channel<Value>
  /// Set to false once, by the first `cancel()`. Written under the channel's lock, read by the
  /// delivering thread right before each call.
  let isActive = Atomic<Bool>(true)
  /// Index in the channel's subscriber list, or -1 while not in it. Only read and written under
  /// the channel's lock; atomic only so that the type is `Sendable` without unsafe annotations.
  let slot = Atomic<Int>(-1)

  init(channel: Channel<Value>, since: UInt64, handler: @escaping @Sendable (Value) -> Void) {
    self.channel = channel
    self.since = since
    self.handler = handler
  }

  func cancel() {
    channel.remove(self)
  }
}
