/// The relay on the main queue, for a main-actor `handler` (unchecked: ``UncheckedMainActorCall``).
@inlinable
func sinkOnMainActor<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  _ handler: @escaping @MainActor (Value) -> Void
) -> SubscriptionToken {
  sinkThroughRelay(subscribe, on: MainQueueExecutor(), UncheckedMainActorCall(handler).call)
}
