import Signals
import SignalsConcurrency

/// Subscribes to a `Property` or an `EventStream` (or their main-actor faces,
/// `MainActorProperty` and `MainActorEventStream`, which a screen binds) and records, in order,
/// every value it receives, so a test can assert the exact emission sequence:
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
///   (``timedValues``), and so are the start and the cancellation; a ``Timeline`` draws them.
///   Without one, every time is zero.
/// - Awaiting: after work the test controls, `settle()`, then read ``values``; for work no
///   test controls (a server, a process), ``next(fileID:filePath:line:column:)`` suspends until
///   a value arrives.
/// - Threading: safe to read and await while values arrive on other threads.
public final class Recorder<Value: Sendable>: Sendable {
  private struct State {
    var log: [TimedValue<Value>] = []
    /// The position the next call to `next()` reads.
    var nextReadIndex = 0
    var cancellationTime: Duration?
  }

  /// Whether this recorder records state (a `Property`) or events (an `EventStream`).
  let kind: RecordedKind
  /// The virtual time recording started (zero without a scheduler).
  let startTime: Duration

  private let state = Locked(State())
  private let waiters = Waiters()
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

  /// Records `property` as a screen bound on the main actor sees it: its current value first,
  /// then every change, each recorded on the main actor when `property` delivers it there.
  ///
  /// Created on the main thread while nothing is queued for the main queue, the current value
  /// is recorded before this initialiser returns (as `bind()` renders at once); otherwise it
  /// and later values arrive when the main queue runs them: `settle()` lets them arrive.
  public convenience init(_ property: MainActorProperty<Value>, scheduler: TestScheduler? = nil) {
    self.init(.state, scheduler: scheduler) { handler in property.sink { handler($0) } }
  }

  /// Records every event `stream` sends from now on, each recorded on the main actor when
  /// `stream` delivers it there: at once for an event sent on the main thread with nothing
  /// queued, otherwise when the main queue runs it (await it with
  /// ``next(fileID:filePath:line:column:)``).
  public convenience init(_ stream: MainActorEventStream<Value>, scheduler: TestScheduler? = nil) {
    self.init(.events, scheduler: scheduler) { handler in stream.sink { handler($0) } }
  }

  /// A recorder that no subscription feeds: the test's own handlers write to it with
  /// ``record(_:)``, so it keeps the order of calls across several handlers, and the test keeps
  /// the subscriptions it examines (their tokens, their cancels, the release of their handlers):
  ///
  /// ```swift
  /// let calls = Recorder<String>()
  /// let first = stream.sink { calls.record("first \($0)") }
  /// let second = stream.sink { calls.record("second \($0)") }
  /// ```
  ///
  /// A ``Timeline`` draws it as events: what it records are things that happened.
  public convenience init(scheduler: TestScheduler? = nil) {
    self.init(.events, scheduler: scheduler) { _ in SubscriptionToken {} }
  }

  private init(
    _ kind: RecordedKind, scheduler: TestScheduler?,
    subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken
  ) {
    self.kind = kind
    self.scheduler = scheduler
    self.startTime = scheduler?.now ?? .zero
    let subscription = subscribe { [weak self] value in
      self?.record(value)
    }
    token.withLock { $0 = subscription }
  }

  /// Every value received so far, in arrival order.
  public var values: [Value] {
    state.withLock { $0.log.map(\.value) }
  }

  /// Every value received so far with its virtual arrival time (zero without a scheduler).
  public var timedValues: [TimedValue<Value>] {
    state.withLock { $0.log }
  }

  /// Stops recording; values already recorded stay. Only the first call is stamped with a time.
  public func cancel() {
    let now = currentTime
    state.withLock { state in
      if state.cancellationTime == nil {
        state.cancellationTime = now
      }
    }
    let subscription = token.withLock { token in
      let taken = token
      token = nil
      return taken
    }
    subscription?.cancel()
  }

  /// The values and the cancellation time, read together (for a ``Timeline``).
  var snapshot: (timedValues: [TimedValue<Value>], cancellationTime: Duration?) {
    state.withLock { ($0.log, $0.cancellationTime) }
  }

  private var currentTime: Duration {
    scheduler?.now ?? .zero
  }

  /// Records `value` as arriving now: what a subscription's handler does for each value, and
  /// what a test's own handlers call on a recorder made with ``init(scheduler:)``. Safe from any
  /// thread; calls from several threads are recorded in the order they take the lock.
  public func record(_ value: Value) {
    let arrived = TimedValue(currentTime, value)
    state.withLock { $0.log.append(arrived) }
    waiters.changed()
  }

  /// Returns the next value in recording order, waiting for it if it has not arrived yet: the
  /// first call returns the first value recorded, the second call the second, and so on
  /// (counting from creation). A value that arrived before the call is
  /// returned at once, so a test never misses a value that came early. Each call takes its
  /// position when it starts, including a call that then fails.
  ///
  /// For work no test controls: a server, a process, a queue or a task of its own. Work the
  /// test controls is settled instead (`settle(tasks:)`, ``ScreenHarness``), then read.
  ///
  /// - Failure: as every SignalsTesting wait (``ControlledCall``'s and ``ControlledSequence``'s
  ///   too): if the calling task is cancelled first, or what it awaits has not come after sixty
  ///   seconds of wall clock (a safety net against hangs only), records a test failure at the
  ///   caller's line saying what it awaited and what came, and returns (here `nil`).
  public func next(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Value? {
    let index = state.withLock { state in
      defer { state.nextReadIndex += 1 }
      return state.nextReadIndex
    }
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return await waiters.wait(
      for: { state.withLock { $0.log.indices.contains(index) ? $0.log[index].value : nil } },
      at: site,
      awaiting: "value #\(index + 1) from next() on a Recorder<\(Value.self)> (\(kind)); "
        + "\(values.count) recorded: \(values)")
  }
}
