/// A main-actor handler made callable from the engine's nonisolated delivery loop, without the
/// run-time isolation check. Internal; the one unchecked conversion in Signals.
///
/// Contract: ``init(_:)`` drops the handler's `@MainActor` annotation, so ``call(_:)`` is sound
/// only if every call runs on the main queue (the main actor's executor). The one user, the
/// main-actor relay (`sinkOnMainActor`), guarantees it: its channel delivers only on a thread
/// where ``MainQueueExecutor/canDeliverHere`` held (`DispatchQueue.getSpecific` found the main
/// queue's marker) or in a job submitted with `DispatchQueue.main.async`. Dropping the
/// annotation does not change how a synchronous function is called: it is the cast
/// `MainActor.assumeIsolated` itself makes after its check.
///
/// Why not `MainActor.assumeIsolated`: (1) after `dispatchMain()` a worker thread services the
/// main queue, and in the runtime's legacy isolation-check mode
/// (`SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy`) the check rejects that thread and
/// traps, though the call is on the main queue (`DispatchMainProbeTests`); (2) the check costs
/// about as much as the rest of a main-actor delivery (docs/performance.md, "The main-actor
/// call").
@usableFromInline
struct UncheckedMainActorCall<Value>: Sendable {
  @usableFromInline let call: @Sendable (Value) -> Void

  @inlinable
  init(_ handler: @escaping @MainActor (Value) -> Void) {
    call = unsafeBitCast(handler, to: (@Sendable (Value) -> Void).self)
  }
}
