import Synchronization

/// One subscription to a ``Channel``, and its token: the one object a subscription allocates.
/// Internal. It holds no handler (the channel's entry does: see *Membership* in
/// ``ChannelState``), so it can go away, and cancel from its `deinit`, at any moment.
@usableFromInline
final class Subscriber<Value: Sendable>: SubscriptionToken, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound (restated from its superclass): both stored properties are
  // `let`s of `Sendable` types.

  /// ``stamp`` once cancelled (stamps start at 1).
  @usableFromInline static var cancelled: UInt64 { 0 }

  @usableFromInline let channel: Channel<Value>
  /// Its entry's stamp, or ``cancelled``: written only under the channel's lock (``Channel``).
  @usableFromInline let stamp = Atomic<UInt64>(0)

  @inlinable
  init(channel: Channel<Value>) {
    self.channel = channel
    super.init()
  }

  deinit { cancel() }

  @inlinable var isActive: Bool { stamp.load(ordering: .relaxed) != Self.cancelled }

  override func cancel() { channel.cancelSubscriber(channel, self) }

  override func checkInvariants() { channel.checkInvariants() }
}
