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

/// Delivers on the main queue (the main actor's executor): on the calling thread when that
/// thread runs the main queue, else through `DispatchQueue.main.async`. Internal.
@usableFromInline
final class MainQueueExecutor: DeliveryExecutor {
  /// The one instance.
  @usableFromInline static let shared = MainQueueExecutor()

  /// A marker set on the main queue: `DispatchQueue.getSpecific` finds it exactly when the
  /// caller runs on the main queue, which is what main-actor isolation means (the main *thread*
  /// is not enough: after `dispatchMain()` on Linux a worker thread services the main queue).
  private let mainQueueKey = DispatchSpecificKey<Bool>()

  private init() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
  }

  @usableFromInline
  var canDeliverHere: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  @usableFromInline
  func submit(_ job: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: job)
  }
}

/// Subscribes the main-actor `handler` to `subscribe`'s values through the relay, delivering on
/// the main queue (see ``UncheckedMainActorCall`` for why the handler needs no run-time check).
@inlinable
func sinkOnMainActor<Value: Sendable>(
  _ subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken,
  _ handler: @escaping @MainActor (Value) -> Void
) -> SubscriptionToken {
  sinkThroughRelay(subscribe, on: MainQueueExecutor.shared, UncheckedMainActorCall(handler).call)
}
