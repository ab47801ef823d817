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
/// needed (for example to debounce), use `DispatchQueue.main`.
public struct MainActorScheduler: Sendable {
  /// Creates the target; all instances behave the same.
  public init() {}

  /// The main actor.
  public static var mainActor: MainActorScheduler { MainActorScheduler() }
}

/// Delivers on the main queue (the main actor's executor): inline when already running there,
/// else through `DispatchQueue.main.async`. Stateless: every channel shares ``shared``.
@usableFromInline
final class MainQueueExecutor: DrainExecutor {
  /// The one instance.
  @usableFromInline static let shared = MainQueueExecutor()

  /// A marker set on the main queue. `DispatchQueue.getSpecific` finds it exactly when the
  /// caller runs on the main queue, which is what the main actor's isolation means. (Checking
  /// the main *thread* is not enough: after `dispatchMain()` on Linux a worker thread services
  /// the main queue.) An instance property of the one instance: reading it costs no lazy-global
  /// check per send.
  private let mainQueueKey: DispatchSpecificKey<Bool>

  /// ``ThreadRecord/key``, copied here so that a check reads it without the global's
  /// lazy-initialisation check. The answer is cached in the thread's record
  /// (``ThreadRecord/threadKind``).
  @usableFromInline let recordSlot = ThreadRecord.key

  private init() {
    mainQueueKey = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
  }

  /// True on the main thread, and on any thread running the main queue.
  ///
  /// The main thread is the main actor's: the main queue runs its work there, and the Swift
  /// runtime's own main-actor check asks exactly "is this the main thread". Asking that costs
  /// one thread-local read, cached per thread (inlined into the caller);
  /// `DispatchQueue.getSpecific` costs about 200 instructions and two reference count
  /// operations, so it is asked only on other threads, where it finds the worker thread that
  /// serves the main queue after `dispatchMain()` (the main thread has then exited).
  @inlinable
  func canDeliverInline() -> Bool {
    canDeliverInline(thread: ThreadRecord.current(slot: recordSlot))
  }

  /// ``canDeliverInline()`` with the calling thread's record already looked up.
  @inlinable
  func canDeliverInline(thread record: UnsafeMutablePointer<ThreadRecord>) -> Bool {
    switch record.pointee.threadKind {
    case 1: true
    case 2: isOnMainQueue()
    default: classifyCurrentThread(record) || isOnMainQueue()
    }
  }

  /// Whether the caller runs on the main queue (`DispatchQueue.getSpecific`).
  @usableFromInline
  func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Finds out, once per thread, whether this is the main thread, and caches the answer in the
  /// calling thread's `record`.
  @usableFromInline
  func classifyCurrentThread(_ record: UnsafeMutablePointer<ThreadRecord>) -> Bool {
    let isMain = Platform.isInitialThread()
    record.pointee.threadKind = isMain ? 1 : 2
    return isMain
  }

  @usableFromInline
  func submit(_ job: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: job)
  }

  /// `handler` without its `@MainActor` annotation, to be the handler of a channel whose
  /// executor is this one, and of no other.
  ///
  /// Why that is sound: such a channel calls its handlers only on the main queue. A round runs
  /// on the sending thread only if ``canDeliverInline()`` found that thread on the main queue;
  /// otherwise the channel submits its delivery loop with `DispatchQueue.main.async`
  /// (`Channel.perform`), and only that loop delivers the queued values (invariant 1 of
  /// ``ChannelState``). The main queue is the main actor's executor, so every call is
  /// main-actor isolated. Dropping the annotation does not change how a synchronous function is
  /// called: it is the cast `MainActor.assumeIsolated` itself makes after its check, which here
  /// would repeat the executor's check at about a thousand instructions per value (two runtime
  /// executor lookups and an allocation; docs/performance.md).
  @inlinable
  static func callableOnMainQueue<Value>(
    _ handler: @escaping @MainActor (Value) -> Void
  ) -> @Sendable (Value) -> Void {
    unsafeBitCast(handler, to: (@Sendable (Value) -> Void).self)
  }
}
