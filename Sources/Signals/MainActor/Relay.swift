/// The one relay behind `receive(on:)` and the main-actor faces: subscribes `handler` to
/// `subscribe`'s values through a channel of its own that delivers through `executor`, in order
/// and one at a time, one job per burst. The token cancels the relay first (the stage that
/// calls `handler`), then the upstream subscription.
@inlinable
func sinkThroughRelay<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  on executor: some DeliveryExecutor,
  _ handler: @escaping @Sendable (Value) -> Void
) -> SubscriptionToken {
  let relay = Channel<Value>()
  let relayToken = relay.subscribe(handler)
  let upstreamToken = subscribe { relay.publish($0, through: executor) }
  return .combining(relayToken, upstreamToken)
}
