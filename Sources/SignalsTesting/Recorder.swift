import Signals

/// Subscribes to a ``Property`` or an ``EventStream`` and records, in order, every value it
/// receives, so a test can assert the exact emission sequence:
///
/// ```swift
/// let recorder = Recorder(viewModel.state)
/// viewModel.load()
/// #expect(recorder.values == [.idle, .loading, .loaded(users)])
/// ```
///
/// - Recording starts when the recorder is created (a property's current value is the first
///   entry) and ends on ``cancel()`` or when the recorder is released.
/// - Time: with a `scheduler`, each value is stamped with its virtual arrival time
///   (``timedValues``), and so are the start (``startTime``) and the cancellation
///   (``cancellationTime``). Without one, every time is zero.
/// - Threading: safe to read while values arrive on other threads.
public final class Recorder<Value: Sendable>: Sendable {
  /// Whether this recorder records state (a `Property`) or events (an `EventStream`).
  public let kind: RecordedKind
  /// The virtual time recording started (zero without a scheduler).
  public let startTime: Duration

  private let recorded = Locked<[TimedValue<Value>]>([])
  private let cancelled = Locked<Duration?>(nil)
  private let token = Locked<SubscriptionToken?>(nil)
  private let scheduler: TestScheduler?

  /// Records `property`: its current value first, then every change.
  public convenience init(_ property: Property<Value>, scheduler: TestScheduler? = nil) {
    self.init(.state, scheduler: scheduler) { property.sink($0) }
  }

  /// Records every event `stream` sends from now on.
  public convenience init(_ stream: EventStream<Value>, scheduler: TestScheduler? = nil) {
    self.init(.events, scheduler: scheduler) { stream.sink($0) }
  }

  private init(
    _ kind: RecordedKind, scheduler: TestScheduler?,
    subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken
  ) {
    self.kind = kind
    self.scheduler = scheduler
    self.startTime = scheduler?.now ?? .zero
    let subscription = subscribe { [weak self] value in
      let time = scheduler?.now ?? .zero
      self?.recorded.withLock { $0.append(TimedValue(time, value)) }
    }
    token.withLock { $0 = subscription }
  }

  /// Every value received so far, in arrival order.
  public var values: [Value] {
    recorded.withLock { $0.map(\.value) }
  }

  /// Every value received so far with its virtual arrival time (zero without a scheduler).
  public var timedValues: [TimedValue<Value>] {
    recorded.withLock { $0 }
  }

  /// The most recent value, if any.
  public var last: Value? {
    recorded.withLock { $0.last?.value }
  }

  /// The virtual time of the first ``cancel()``, or `nil` while recording goes on.
  public var cancellationTime: Duration? {
    cancelled.withLock { $0 }
  }

  /// Stops recording; values already recorded stay. Only the first call is stamped with a time.
  public func cancel() {
    let now = scheduler?.now ?? .zero
    cancelled.withLock { cancelled in
      if cancelled == nil {
        cancelled = now
      }
    }
    let subscription = token.withLock { token in
      let taken = token
      token = nil
      return taken
    }
    subscription?.cancel()
  }

  /// Forgets the values recorded so far (recording goes on).
  public func clear() {
    let cleared = recorded.withLock { recorded in
      let cleared = recorded
      recorded = []
      return cleared
    }
    // Released outside the lock: a recorded value's deinit may be user code.
    withExtendedLifetime(cleared) {}
  }
}
