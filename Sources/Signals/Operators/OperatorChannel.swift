/// The engine's entry points for operators whose output has several producers. Internal.
extension Channel {
  /// Publishes `make`'s value, if any, computed under the lock so that an operator's "is this
  /// still the newest?" check and the enqueue are one step: checked, then enqueued, a producer
  /// preempted in between (a timer on a concurrent scheduler) could enqueue an older value after
  /// a newer one. `make` runs locked: it must be library code that releases no user value.
  func publish(computing make: () -> Value?) {
    let answer = state.withLock { state -> State.Published? in
      guard let value = make() else { return nil }
      return state.publish(
        value, dropObserved: dropObserver != nil,
        cancellations: cancellations.load(ordering: .relaxed))
    }
    if let answer { carryOut(answer) }
  }

  /// The stored value of a property channel with the number of the write that stored it.
  var currentValueAndVersion: (value: Value, version: UInt64) {
    state.withLock { ($0.current, $0.version) }
  }

  /// The number of the last write (or send).
  var currentVersion: UInt64 {
    state.withLock { $0.version }
  }
}

extension Channel {
  /// An output channel for one subscriber: `handler` gets what is sent, in order, one at a time,
  /// on the sending thread. Returns the channel and the handler's token.
  @inlinable
  static func output(
    to handler: @escaping @Sendable (Value) -> Void
  ) -> (Channel<Value>, SubscriptionToken) {
    let channel = Channel<Value>()
    return (channel, channel.subscribe(handler))
  }
}
