import Synchronization

/// One subscription to a ``Channel``, and its token: the one object a subscription allocates.
/// Internal.
///
/// It holds no handler: the handler lives in the channel's entry, so taking the entry out is
/// what releases it, and a round holds entries, never tokens. So the token can go away (and
/// cancel, from its `deinit`) at any moment, even while a round on another thread is about to
/// call its handler: that round finds the cancel noted and skips the call.
@usableFromInline
final class Subscriber<Value: Sendable>: SubscriptionToken, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound (restated from its superclass): both stored properties are
  // `let`s of `Sendable` types.

  /// ``stamp``'s value once cancelled. Stamps start at 1.
  @usableFromInline static var cancelled: UInt64 { 0 }

  @usableFromInline let channel: Channel<Value>
  /// The stamp of the subscriber's entry (``ChannelState/Entry``), or ``cancelled``. Written
  /// only under the channel's lock; read without it by a replay (``Channel``'s list of reads).
  @usableFromInline let stamp = Atomic<UInt64>(0)

  @inlinable
  init(channel: Channel<Value>) {
    self.channel = channel
    super.init()
  }

  deinit {
    channel.cancelSubscriber(channel, self)
  }

  /// Whether the subscriber has not been cancelled.
  @inlinable
  var isActive: Bool {
    stamp.load(ordering: .relaxed) != Self.cancelled
  }

  override func cancel() {
    channel.cancelSubscriber(channel, self)
  }

  override func checkInvariants() { channel.checkInvariants() }
}
