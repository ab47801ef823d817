/// The entry points this package's own tests use, and nothing else does (`package` access:
/// invisible to clients). Gathered here so a reader sees at once what tests may look at.
extension EventSender {
  /// How many deliveries the queue's buffer can hold now without growing: after a burst has
  /// drained, a channel keeps at most a small buffer.
  package var queueCapacity: Int {
    channel.queueCapacity
  }

  /// Stops with a message if the engine's state machine breaks an invariant
  /// (`ChannelState.checkInvariants()`); the model-based and stress tests call it after every
  /// step.
  package func checkInvariants() {
    channel.checkInvariants()
  }
}

extension MutableProperty {
  /// As ``EventSender/checkInvariants()``.
  package func checkInvariants() {
    channel.checkInvariants()
  }
}

extension Channel {
  /// The capacity of the delivery queue's buffer.
  var queueCapacity: Int {
    state.withLock { $0.queue.items.capacity }
  }

  /// Checks the state machine's invariants (``ChannelState/checkInvariants()``).
  func checkInvariants() {
    state.withLock { $0.checkInvariants() }
  }
}
