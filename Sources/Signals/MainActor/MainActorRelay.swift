/// The relay on the main queue for a main-actor `handler`, which the engine's nonisolated
/// delivery loop calls without the run-time isolation check: the one unchecked conversion in
/// Signals. Internal.
///
/// Contract: dropping `handler`'s `@MainActor` annotation is sound only if every call runs on the
/// main queue (the main actor's executor). The relay guarantees it: its channel delivers only
/// where ``MainQueueExecutor/canDeliverHere`` held (`getSpecific` found the main queue's marker)
/// or in a job submitted with `DispatchQueue.main.async`. For a synchronous function, dropping
/// the annotation does not change the call: `MainActor.assumeIsolated` makes the same cast after
/// its check, skipped here as it traps in the runtime's legacy mode after `dispatchMain()` and
/// costs about as much as the rest of a delivery (docs/performance.md, "Design notes").
@inlinable
func sinkOnMainActor<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  _ handler: @escaping @MainActor (Value) -> Void
) -> SubscriptionToken {
  let call = unsafeBitCast(handler, to: (@Sendable (Value) -> Void).self)
  return sinkThroughRelay(subscribe, on: MainQueueExecutor(), call)
}
