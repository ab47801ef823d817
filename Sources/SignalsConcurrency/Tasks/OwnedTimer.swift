import Signals

extension TaskOwner {
  /// Calls `fire` once, on the main actor, `delay` after this call on `scheduler`'s clock. The
  /// timer is owned under `key` as a task is (see ``TaskOwner``'s keys): once it is cancelled or
  /// replaced on the main actor, `fire` is never called, even if the scheduler already ran its
  /// action and the call is on its way to the main actor. (A scheduler's `schedule(after:_:)`
  /// is the building block beneath, for operators: it leaves the hop, the owner check and the
  /// keyed cancellation to its caller.)
  ///
  /// - Threading: `scheduler` runs the action in its own context (a `TestScheduler` on the
  ///   thread that advances it: virtual time in tests); the call reaches the main actor as
  ///   `receive(on: .mainActor)` delivers.
  /// - Lifetime: `owner` is held weakly; once it is gone, nothing is called and the timer stops.
  public func after<Owner: AnyObject>(
    _ delay: Duration, key: some Hashable & Sendable, on scheduler: some SignalScheduler,
    for owner: Owner, _ fire: @escaping @MainActor (Owner) -> Void
  ) {
    own(startTimer(delay, repeating: nil, scheduler, owner, fire), key: key)
  }

  /// Calls `tick` on the main actor every `interval` (positive) on `scheduler`'s clock, the first
  /// time one `interval` after this call, until the timer is cancelled or replaced; owned,
  /// threaded and held as ``after(_:key:on:for:_:)`` (<doc:LiveScreens> counts an ETA down).
  /// Ticks arrive in order; the next is scheduled when one fires, `interval` after the time the
  /// scheduler ran it (on a real clock late firings add up: compute what a screen shows from a
  /// date when drift matters).
  public func every<Owner: AnyObject>(
    _ interval: Duration, key: some Hashable & Sendable, on scheduler: some SignalScheduler,
    for owner: Owner, _ tick: @escaping @MainActor (Owner) -> Void
  ) {
    precondition(
      interval > .zero, "TaskOwner.every(_:key:on:for:_:): the interval must be positive")
    own(startTimer(interval, repeating: interval, scheduler, owner, tick), key: key)
  }

  private func startTimer<Owner: AnyObject>(
    _ delay: Duration, repeating interval: Duration?, _ scheduler: some SignalScheduler,
    _ owner: Owner, _ action: @escaping @MainActor (Owner) -> Void
  ) -> SubscriptionToken {
    let clock = TimerClock(scheduler, repeating: interval)
    // A tick on its way when the token is cancelled on the main actor is dropped by the
    // main-actor delivery itself: its cancel on the delivering actor ends delivery at once.
    let delivery = clock.ticks.stream.receive(on: .mainActor).sink { @MainActor [weak owner] in
      guard let owner else { return clock.stop() }  // nobody to call: no more firings
      action(owner)
    }
    clock.start(after: delay)
    return SubscriptionToken {
      clock.stop()
      delivery.cancel()
    }
  }
}

/// The scheduler side of an owned timer: schedules its firings (an `OperatorTimer`) and sends
/// each into `ticks`. Internal; safe from any thread; the scheduler's token is cancelled and
/// released after unlocking.
private final class TimerClock: Sendable {
  let ticks = EventSender<Void>()
  private let scheduler: any SignalScheduler
  private let interval: Duration?
  private let timer = Locked(OperatorTimer())

  init(_ scheduler: some SignalScheduler, repeating interval: Duration?) {
    self.scheduler = scheduler
    self.interval = interval
  }

  func start(after delay: Duration) {
    guard let generation = timer.withLock({ $0.advance() }) else { return }
    let token = scheduler.schedule(after: delay) { [weak self] in self?.fire(generation) }
    timer.withLock { $0.keep(token, for: generation) }?.cancel()
  }

  func stop() {
    timer.withLock { $0.stop() }?.cancel()
  }

  private func fire(_ generation: UInt64) {
    guard timer.withLock({ $0.isCurrent(generation) }) else { return }
    if let interval {
      start(after: interval)  // before sending, so a tick handler's `stop()` also stops this one
    }
    ticks.send(())
  }
}
