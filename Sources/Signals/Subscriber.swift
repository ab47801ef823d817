import Synchronization

/// One registered handler of a ``Channel``. Internal.
///
/// The channel holds it strongly until it is cancelled; it holds the channel strongly so that
/// cancelling can always find its way back. The cycle is broken when the channel removes it.
@usableFromInline
final class Subscriber<Value: Sendable>: Cancelling {
  /// The channel this subscriber belongs to. Declared first so that its offset is fixed even in
  /// code compiled for every `Value` (see ``cancel()``).
  @usableFromInline let channel: Channel<Value>
  /// The user's handler. Called by the channel's delivering thread, never under a lock.
  @usableFromInline let handler: @Sendable (Value) -> Void
  /// The sequence number of the last value sent before this subscriber joined: it receives only
  /// values with a larger number, so a late subscriber never sees an older value.
  @usableFromInline let since: UInt64
  /// Index in the channel's subscriber list, or -1 while not in it. Only read and written under
  /// the channel's lock; atomic only so that the type is `Sendable` without unsafe annotations.
  /// 32 bits, and declared before `isActive`, so that both share one word: the object is then
  /// 53 bytes, a 64-byte heap block instead of 80 (measured with malloc_usable_size).
  @usableFromInline let slot = Atomic<Int32>(-1)
  /// Set to false once, by the first `cancel()`. Written under the channel's lock, read by the
  /// delivering thread right before each call.
  @usableFromInline let isActive = Atomic<Bool>(true)

  @inlinable
  init(channel: Channel<Value>, since: UInt64, handler: @escaping @Sendable (Value) -> Void) {
    self.channel = channel
    self.since = since
    self.handler = handler
  }

  /// Reached through `any Cancelling` (from ``Subscription``), so this body is compiled once for
  /// every `Value`, where `channel.remove(self)` would look up generic metadata on each call.
  /// It calls the `remove` the channel captured where `Value` was known instead.
  @usableFromInline
  func cancel() {
    channel.removeSubscriber(channel, self)
  }
}
