/// Subscribes the main-actor `handler` to `subscribe`'s values through the relay, delivering on
/// the main queue (see ``UncheckedMainActorCall`` for why the handler needs no run-time check).
@inlinable
func sinkOnMainActor<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  _ handler: @escaping @MainActor (Value) -> Void
) -> SubscriptionToken {
  sinkThroughRelay(subscribe, on: MainQueueExecutor.shared, UncheckedMainActorCall(handler).call)
}
