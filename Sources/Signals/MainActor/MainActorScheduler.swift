import Dispatch

/// The main actor as a delivery target: `receive(on: .mainActor)`.
///
/// It gives a stream or property a main-actor face (``MainActorEventStream``,
/// ``MainActorProperty``) whose handlers are `@MainActor` in the type system, so a `@MainActor`
/// screen binds under Swift 6 with no unsafe annotations.
///
/// Delivery: a value that arrives on the main thread while nothing is queued for that
/// subscriber is delivered at once (so `bind()` renders the current state synchronously);
/// otherwise it is queued and delivered in order on the main queue.
///
/// It is deliberately not a ``SignalScheduler``: that keeps `receive(on: .mainActor)` from ever
/// resolving to the untyped overload. Where a ``SignalScheduler`` that runs on the main thread is
/// needed (for example to debounce), use `.mainQueue` (a ``DispatchQueueScheduler``).
public struct MainActorScheduler: Sendable {
  /// Creates the target; all instances behave the same.
  public init() {}

  /// The main actor.
  public static var mainActor: MainActorScheduler { MainActorScheduler() }
}
