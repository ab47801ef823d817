/// The engine's entry points for operators whose output has several producers. Internal.
extension Channel {
  /// Publishes the value `make` returns, if any, computing it under the lock so that computing and
  /// queueing are one step (an operator's "is this still the newest?" check). `make` must be
  /// the library's own code and must not release a user value: it runs under the lock.
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
  /// An output channel for one subscriber: `handler` receives, in order and one at a time,
  /// whatever is sent to the returned channel, on the sending thread. Returns the channel and
  /// the handler's token. For operators whose output has several producers (`merge`,
  /// `combineLatest`, `debounce`, `throttle`). (A *relay* is something else: the channel behind
  /// `receive(on:)`, which delivers through an executor.)
  @inlinable
  static func output(
    to handler: @escaping @Sendable (Value) -> Void
  ) -> (Channel<Value>, SubscriptionToken) {
    let channel = Channel<Value>()
    return (channel, channel.subscribe(handler))
  }
}
