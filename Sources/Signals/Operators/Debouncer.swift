/// The state of one debounced subscription. Internal.
///
/// Each value starts a new generation of its ``OperatorTimer`` and schedules a delivery; a
/// scheduled delivery fires only if no newer value arrived since (its generation is still
/// current). Firing goes through `output`, an output channel (one subscriber), so deliveries
/// never overlap even on a concurrent scheduler, and the generation check happens under that
/// channel's lock, so they also never go out of order.
///
/// Lock order: the output channel's lock, then this debouncer's. `receive` takes only this one,
/// and calls the scheduler with no lock held.
final class Debouncer<Value: Sendable>: Sendable {
  private let timer = Locked(OperatorTimer())
  private let interval: Duration
  private let scheduler: any SignalScheduler
  private let output: Channel<Value>

  init(interval: Duration, scheduler: any SignalScheduler, output: Channel<Value>) {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  @Sendable func receive(_ value: Value) {
    let (generation, superseded) = timer.withLock { timer in
      (timer.advance(), timer.takePending())
    }
    superseded?.cancel()
    guard let generation else { return }
    // The scheduler is called with no lock held: it may be user code.
    let token = scheduler.schedule(after: interval) { [weak self] in
      self?.fire(generation, value)
    }
    timer.withLock { $0.keep(token, for: generation) }?.cancel()
  }

  /// Sends `value` if `generation` is still the newest. The check and the enqueue are one step,
  /// under the output channel's lock (`publish(computing:)`): checked first and enqueued later, a
  /// firing preempted between the two on a concurrent scheduler could enqueue its value after a
  /// newer firing had enqueued its own, and deliver an older value last.
  private func fire(_ generation: UInt64, _ value: Value) {
    var finished: SubscriptionToken?
    output.publish {
      timer.withLock { timer -> Value? in
        guard timer.isCurrent(generation) else { return nil }
        finished = timer.takePending()
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
    timer.withLock { $0.stop() }?.cancel()
  }
}
