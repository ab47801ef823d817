import Synchronization

/// One subscription to a ``Channel``: what its token cancels. Internal.
///
/// It holds no handler: the handler lives in the channel's state (``ChannelState/Entry``), so
/// removing the entry is what releases it. The subscriber keeps the channel alive, so that a
/// cancel can always find its way back; the channel forgets the subscriber when it is cancelled.
@usableFromInline
final class Subscriber<Value: Sendable>: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: both stored properties are `let`s of `Sendable` types
  // (`CancelTarget`, an abstract class, cannot be checked).
  @usableFromInline let channel: Channel<Value>
  /// Which values this subscriber receives: those whose sequence number is larger. It starts as
  /// the number of the last value sent before it joined (a late subscriber never sees an older
  /// value) and becomes `UInt64.max` when it is cancelled (no value is larger). Written under the
  /// channel's lock; read by the delivering thread right before each call, so a cancel made
  /// from a handler of the running round stops the rest of that round.
  @usableFromInline let admittedAfter: Atomic<UInt64>
  /// Where the subscriber's entry is in the channel's list (``ChannelState/subscribers``).
  /// Read and written only under the channel's lock (an atomic only to be a `Sendable` field).
  @usableFromInline let slot: Atomic<Int>

  @inlinable
  init(channel: Channel<Value>, joinedAfter sequence: UInt64, slot: Int) {
    self.channel = channel
    self.admittedAfter = Atomic(sequence)
    self.slot = Atomic(slot)
  }

  /// Whether a broadcast with sequence number `sequence` is for this subscriber.
  @inlinable
  func admits(_ sequence: UInt64) -> Bool {
    admittedAfter.load(ordering: .relaxed) < sequence
  }

  /// Whether the subscriber has not been cancelled.
  @inlinable
  var isActive: Bool {
    admittedAfter.load(ordering: .relaxed) != .max
  }

  override func cancel() {
    channel.cancelSubscriber(channel, self, false)
  }

  override func cancelAndWait() {
    channel.cancelSubscriber(channel, self, true)
  }

  override var parkedCancellers: Int {
    channel.parkedCancellers
  }
}
