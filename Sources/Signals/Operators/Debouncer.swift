/// One debounced subscription. Internal. Each value starts an ``OperatorTimer`` generation and
/// schedules its firing, sent through `output` unless a newer value came since (checked in one
/// step with the enqueue: `Channel.publish(computing:)`). Lock order: `output`'s, then this one's.
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

  /// Sends `value` if `generation` is still the newest (check and enqueue in one step).
  private func fire(_ generation: UInt64, _ value: Value) {
    var finished: SubscriptionToken?
    output.publish {
      timer.withLock { timer -> Value? in
        guard timer.isCurrent(generation) else { return nil }
        finished = timer.takePending()
        return value
      }
    }
    // Released outside both locks: a token's release runs scheduler code (maybe user code).
    releaseAfterUnlocking(finished)
  }

  /// Drops what is pending; a firing already running is stopped by cancelling `output` first.
  func cancel() {
    timer.withLock { $0.stop() }?.cancel()
  }
}
