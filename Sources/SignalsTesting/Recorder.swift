import Signals

/// A value a ``Recorder`` received, with the virtual time it arrived at.
public struct TimedValue<Value> {
  /// The scheduler's ``TestScheduler/now`` when the value arrived.
  public let time: Duration
  /// The value.
  public let value: Value

  /// Creates a timed value, for writing expectations: `TimedValue(.milliseconds(300), "a")`.
  public init(_ time: Duration, _ value: Value) {
    self.time = time
    self.value = value
  }
}

extension TimedValue: Equatable where Value: Equatable {}
extension TimedValue: Sendable where Value: Sendable {}

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
/// - With a `scheduler`, each value is also stamped with its virtual arrival time
///   (``timedValues``).
/// - Threading: safe to read while values arrive on other threads.
public final class Recorder<Value: Sendable>: Sendable {
  private let recorded = Locked<[TimedValue<Value>]>([])
  private let token = Locked<SubscriptionToken?>(nil)

  /// Records `property`: its current value first, then every change.
  public convenience init(_ property: Property<Value>, scheduler: TestScheduler? = nil) {
    self.init(scheduler: scheduler) { property.sink($0) }
  }

  /// Records every event `stream` sends from now on.
  public convenience init(_ stream: EventStream<Value>, scheduler: TestScheduler? = nil) {
    self.init(scheduler: scheduler) { stream.sink($0) }
  }

  private init(
    scheduler: TestScheduler?,
    subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken
  ) {
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

  /// Stops recording; values already recorded stay.
  public func cancel() {
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
