/// A main-actor handler made callable from the engine's nonisolated delivery loop, without the
/// run-time isolation check. Internal; the one unchecked conversion in Signals.
///
/// Contract: ``init(_:)`` drops the handler's `@MainActor` annotation, so ``call(_:)`` is sound
/// only if every call runs on the main queue (the main actor's executor). The one user, the
/// main-actor relay (`sinkOnMainActor`), guarantees it: its channel delivers only where
/// ``MainQueueExecutor/canDeliverHere`` held (`getSpecific` found the main queue's marker) or in a
/// job submitted with `DispatchQueue.main.async`. For a synchronous function, dropping the
/// annotation does not change the call: `MainActor.assumeIsolated` makes the same cast after its
/// check, skipped here as it traps in the runtime's legacy mode after `dispatchMain()` and costs
/// about as much as the rest of a delivery (docs/performance.md, "Design notes").
@usableFromInline
struct UncheckedMainActorCall<Value>: Sendable {
  @usableFromInline let call: @Sendable (Value) -> Void

  @inlinable
  init(_ handler: @escaping @MainActor (Value) -> Void) {
    call = unsafeBitCast(handler, to: (@Sendable (Value) -> Void).self)
  }
}
