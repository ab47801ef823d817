/// The state of one debounced subscription. Internal.
///
/// Each value bumps a generation number and schedules a delivery; a scheduled delivery fires
/// only if no newer value arrived since (its generation is still current). Firing goes through
/// `output`, an output channel (one subscriber), so deliveries never overlap even on a
/// concurrent scheduler, and the generation check happens under that channel's lock, so they
/// also never go out of order.
///
/// Lock order: the output channel's lock, then this debouncer's. `receive` takes only this one,
/// and calls the scheduler with no lock held.
final class Debouncer<Value: Sendable>: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var pending: SubscriptionToken?
    var isCancelled = false
  }

  private let state = Locked(State())
  private let interval: Duration
  private let scheduler: any SignalScheduler
  private let output: Channel<Value>

  init(interval: Duration, scheduler: any SignalScheduler, output: Channel<Value>) {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  @Sendable func receive(_ value: Value) {
    let (generation, superseded) = state.withLock { state -> (UInt64?, SubscriptionToken?) in
      guard !state.isCancelled else { return (nil, nil) }
      state.generation &+= 1
      let superseded = state.pending
      state.pending = nil
      return (state.generation, superseded)
    }
    superseded?.cancel()
    guard let generation else { return }
    // The scheduler is called with no lock held: it may be user code.
    let token = scheduler.schedule(after: interval) { [weak self] in
      self?.fire(generation, value)
    }
    // Whatever token leaves the state is cancelled and released after unlocking: releasing a
    // token runs the scheduler's cancellation code, which may be user code.
    let stale = state.withLock { state -> SubscriptionToken? in
      guard state.generation == generation, !state.isCancelled else { return token }
      let replaced = state.pending.take()
      state.pending = token
      return replaced
    }
    stale?.cancel()
  }

  /// Sends `value` if `generation` is still the newest. The check and the enqueue are one step,
  /// under the output channel's lock (`publish(computing:)`): checked first and enqueued later, a
  /// firing preempted between the two on a concurrent scheduler could enqueue its value after a
  /// newer firing had enqueued its own, and deliver an older value last.
  private func fire(_ generation: UInt64, _ value: Value) {
    var finished: SubscriptionToken?
    output.publish {
      state.withLock { state -> Value? in
        guard state.generation == generation, !state.isCancelled else { return nil }
        finished = state.pending
        state.pending = nil
        return value
      }
    }
    // Released here, outside both locks: a token's release runs the scheduler's cancellation
    // code, which may be user code (a no-op for work that already ran).
    releaseAfterUnlocking(finished)
  }

  /// Ends the operator's own work: drops what is pending. A firing already running ends in the
  /// output channel, which the operator's token cancels (and waits for) separately.
  func cancel() {
    let pending = state.withLock { state -> SubscriptionToken? in
      state.isCancelled = true
      let pending = state.pending
      state.pending = nil
      return pending
    }
    pending?.cancel()
  }
}
