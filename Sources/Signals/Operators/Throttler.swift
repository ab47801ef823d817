/// One throttled subscription (a window is an interval of ``Property/throttle(for:scheduler:)``
/// and ``EventStream/throttle(for:scheduler:latest:)``). Internal. A window's end checks its
/// generation and enqueues in one step (see `Channel.publish(computing:)`). Lock order: the
/// output channel's lock, then this throttler's; the scheduler is called with no lock held.
final class Throttler<Value: Sendable>: Sendable {
  /// Which events go out at once, not at a window's end: with `afterQuiet`, every one arriving
  /// while no window is open (events); with `firstOnly`, only the first (a property's replay).
  enum Leading: Sendable {
    case afterQuiet
    case firstOnly
  }

  /// What an arriving event does, decided under the lock.
  private enum Arrival {
    case held, sentOpeningWindow, heldOpeningWindow
  }

  private struct State {
    var isWindowOpen = false
    var held: Value?
    /// Its generation identifies the current window; a window end for an older one does nothing.
    var timer = OperatorTimer()
    var hasReceived = false
  }

  private let state = Locked(State())
  private let interval: Duration
  private let keepsLatest: Bool
  private let leading: Leading
  private let scheduler: any SignalScheduler
  private let output: Channel<Value>

  init(
    interval: Duration, keepsLatest: Bool, leading: Leading = .afterQuiet,
    scheduler: any SignalScheduler, output: Channel<Value>
  ) {
    self.interval = interval
    self.keepsLatest = keepsLatest
    self.leading = leading
    self.scheduler = scheduler
    self.output = output
  }

  /// An upstream event. Upstream delivers one at a time, so this never overlaps itself.
  @Sendable func receive(_ value: Value) {
    // A held event `value` replaces is released after unlocking (its deinit may be user code).
    let (arrival, displaced) = state.withLock { state -> (Arrival, Value?) in
      guard !state.timer.isStopped else { return (.held, nil) }
      let isFirst = !state.hasReceived
      state.hasReceived = true
      if state.isWindowOpen {
        guard keepsLatest || state.held == nil else { return (.held, nil) }
        let displaced = state.held.take()
        state.held = value
        return (.held, displaced)
      }
      state.isWindowOpen = true
      state.timer.advance()
      if leading == .afterQuiet || isFirst { return (.sentOpeningWindow, nil) }
      state.held = value
      return (.heldOpeningWindow, nil)
    }
    releaseAfterUnlocking(displaced)
    switch arrival {
    case .held:
      return
    case .sentOpeningWindow:
      output.publish(value)
      scheduleWindowEnd()
    case .heldOpeningWindow:
      scheduleWindowEnd()
    }
  }

  /// Schedules the end of the current window (called with no lock held).
  private func scheduleWindowEnd() {
    let generation = state.withLock { $0.timer.generation }
    let token = scheduler.schedule(after: interval) { [weak self] in
      self?.windowEnded(generation)
    }
    state.withLock { $0.timer.keep(token, for: generation) }?.cancel()
  }

  /// The window `generation` ended: send what it held and open the next, or go quiet.
  private func windowEnded(_ generation: UInt64) {
    var opensNext = false
    output.publish {
      state.withLock { state -> Value? in
        guard state.timer.isCurrent(generation) else { return nil }
        guard let held = state.held.take() else {
          state.isWindowOpen = false
          return nil
        }
        state.timer.advance()
        opensNext = true
        return held
      }
    }
    if opensNext {
      scheduleWindowEnd()
    }
  }

  /// Drops what is pending; a firing already running is stopped by cancelling `output` first.
  func cancel() {
    let (pending, held) = state.withLock { state -> (SubscriptionToken?, Value?) in
      (state.timer.stop(), state.held.take())
    }
    pending?.cancel()
    releaseAfterUnlocking(held)
  }
}
