/// The main actor as a delivery target: `receive(on: .mainActor)`.
///
/// Its faces (``MainActorEventStream``, ``MainActorProperty``) have `@MainActor` handlers, so a
/// `@MainActor` screen binds under Swift 6 with no unsafe annotations. A value that arrives on
/// the main thread while nothing is queued for its subscriber is delivered at once (so `bind()`
/// renders the current state synchronously), else queued and delivered in order on the main
/// queue: a job delivers what was queued when it started and leaves the rest to a later job, so
/// other main-queue work runs between and a producer faster than the handler never starves the
/// main thread. Deliberately not a ``SignalScheduler``, so `receive(on: .mainActor)` never
/// resolves to the untyped overload; for a scheduler on the main thread (to debounce, say), use
/// `.mainQueue`.
public struct MainActorScheduler: Sendable {
  /// The main actor: the one spelling of this target.
  public static var mainActor: MainActorScheduler { MainActorScheduler() }
}
