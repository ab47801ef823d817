import Synchronization

/// One subscription to a ``Channel``: what its token cancels. Internal.
///
/// It holds no handler: the handler lives in the channel's state (``ChannelState/Entry``), so
/// removing the entry is what releases it. The subscriber keeps the channel alive, so that a
/// cancel can always find its way back; the channel forgets the subscriber when it is cancelled.
@usableFromInline
final class Subscriber<Value: Sendable>: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: all three stored properties are `let`s of `Sendable`
  // types (`CancelTarget`, an abstract class, cannot be checked).
  @usableFromInline let channel: Channel<Value>
  /// Where the subscriber is in its life (see ``SubscriberPhase`` for who reads it when).
  @usableFromInline let phaseWord: SubscriberPhase
  /// Where the subscriber's entry is in the channel's list (``ChannelState/subscribers``).
  /// Read and written only under the channel's lock (an atomic only to be a `Sendable` field).
  @usableFromInline let slot: Atomic<Int>

  @inlinable
  init(channel: Channel<Value>, phase: SubscriberPhase.Phase) {
    self.channel = channel
    self.phaseWord = SubscriberPhase(phase)
    self.slot = Atomic(0)
  }

  /// The subscriber's phase; read and written under the channel's lock.
  @inlinable
  var phase: SubscriberPhase.Phase {
    get { phaseWord.phase }
    set { phaseWord.move(to: newValue) }
  }

  /// Whether a round delivering the value written with number `version` calls this subscriber.
  @inlinable
  func admits(_ version: UInt64) -> Bool {
    phaseWord.admits(version)
  }

  /// Whether the subscriber has not been cancelled.
  @inlinable
  var isActive: Bool {
    phaseWord.isActive
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
