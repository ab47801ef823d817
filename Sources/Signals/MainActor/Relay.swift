/// The relay behind every `receive(on:)`: `handler` gets `subscribe`'s values through a channel
/// of its own, delivered through `executor`. The token cancels that channel first, then upstream.
@inlinable
func sinkThroughRelay<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  on executor: some DeliveryExecutor,
  _ handler: @escaping @Sendable (Value) -> Void
) -> SubscriptionToken {
  let relay = Channel<Value>()
  let relayToken = relay.subscribe(handler)
  let upstreamToken = subscribe { relay.publish($0, through: executor) }
  return CompositeToken(relayToken, upstreamToken)
}
