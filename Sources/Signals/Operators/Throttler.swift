/// One throttled or debounced subscription. Internal. An event opens a window of `interval`
/// (``Property/throttle(for:scheduler:)``, ``EventStream/throttle(for:scheduler:latest:)``); a
/// debounce is a throttle whose window each event restarts and whose end sends the event held
/// (``EventStream/debounce(for:scheduler:)``). A window's end checks its generation and enqueues in
/// one step (see `Channel.publish(computing:)`). Lock order: the output channel's lock, then this
/// throttler's; the scheduler is called with no lock held.
final class Throttler<Value: Sendable>: Sendable {
  private struct State {
    var isWindowOpen = false
    /// Whether the next event that opens a window goes out at once (else at the window's end).
    var sendsOpening: Bool
    var held: Value?
    /// Its generation identifies the current window; a window end for an older one does nothing.
    var timer = OperatorTimer()
  }

  private let state: Locked<State>
  private let interval: Duration
  private let keepsLatest: Bool
  /// Whether every event opening a window goes out at once (events), or only the first (a
  /// property's replay: each later change waits for its window's end).
  private let leadsEveryWindow: Bool
  /// Whether each event restarts the window, holding only itself (a debounce: none leads).
  private let restarts: Bool
  private let scheduler: any SignalScheduler
  private let output: Channel<Value>

  init(
    interval: Duration, keepsLatest: Bool = true, leadsEveryWindow: Bool = true,
    restarts: Bool = false, scheduler: any SignalScheduler, output: Channel<Value>
  ) {
    state = Locked(State(sendsOpening: !restarts))
    self.restarts = restarts
    self.interval = interval
    self.keepsLatest = keepsLatest
    self.leadsEveryWindow = leadsEveryWindow
    self.scheduler = scheduler
    self.output = output
  }

  /// An upstream event. Upstream delivers one at a time, so this never overlaps itself.
  @Sendable func receive(_ value: Value) {
    // `opened`: the generation of the window `value` opened; `displaced`, a held event `value`
    // replaces, is released after unlocking (its deinit may be user code).
    let (opened, sends, displaced) = state.withLock { state -> (UInt64?, Bool, Value?) in
      guard !state.timer.isStopped else { return (nil, false, nil) }
      guard !state.isWindowOpen || restarts else {
        guard keepsLatest || state.held == nil else { return (nil, false, nil) }
        defer { state.held = value }
        return (nil, false, state.held)
      }
      state.isWindowOpen = true
      let sends = state.sendsOpening
      state.sendsOpening = leadsEveryWindow && !restarts
      let displaced = sends ? nil : state.held.take()
      if !sends { state.held = value }
      return (state.timer.advance(), sends, displaced)
    }
    releaseAfterUnlocking(displaced)
    if sends { output.publish(value) }
    if let opened { scheduleEnd(of: opened) }
  }

  /// Schedules the end of window `generation` (called with no lock held).
  private func scheduleEnd(of generation: UInt64) {
    let token = scheduler.schedule(after: interval) { [weak self] in
      self?.windowEnded(generation)
    }
    state.withLock { $0.timer.keep(token, for: generation) }?.cancel()
  }

  /// The window `generation` ended: send what it held and open the next, or go quiet.
  private func windowEnded(_ generation: UInt64) {
    var next: UInt64?
    output.publish {
      state.withLock { state -> Value? in
        guard state.timer.isCurrent(generation) else { return nil }
        guard let held = state.held.take() else {
          state.isWindowOpen = false
          return nil
        }
        next = restarts ? nil : state.timer.advance()
        return held
      }
    }
    if let next { scheduleEnd(of: next) }
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
