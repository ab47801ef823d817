import Signals
import SignalsConcurrency

/// An `AsyncSequence` the test feeds one element at a time, knowing when each was handled: the
/// fake for a socket's `AsyncStream`, a notification sequence, any `for await` source.
///
/// ```swift
/// let socket = ControlledSequence<String>()
/// let inbox = Inbox(messages: socket.stream)       // iterates it (an AsyncSequenceEvents)
/// let shown = Recorder(inbox.messages)
/// try await socket.send("hi")                      // returns once "hi" was handled
/// #expect(shown.values == ["hi"])
/// ```
///
/// - Handing over: ``send(_:timeout:)`` gives the consumer one element and returns once the
///   consumer has handled it, that is, asked for the next element (or stopped). A bridge such
///   as `AsyncSequenceEvents` delivers an element to its subscribers before it asks for the
///   next, so when `send` returns, every subscriber that receives synchronously has it, at the
///   virtual time the test's `TestScheduler` reads: advance the clock between sends to put
///   elements at chosen instants, and a `debounce(for:scheduler:)` downstream runs on it too.
/// - Ending: ``finish(timeout:)`` ends the sequence (`next()` returns `nil`);
///   ``fail(with:timeout:)`` makes ``throwingStream`` throw (``stream``, which cannot throw,
///   ends).
/// - Cancellation: when the consumer's task is cancelled (a bridge cancelled or released), a
///   pending `next()` ends with `nil` and ``isCancelled`` becomes `true`;
///   ``cancellation(timeout:)`` awaits it. An element sent after the consumer stopped is
///   dropped, and `send` returns at once.
/// - One consumer: iterate ``stream`` or ``throwingStream``, once.
/// - Timeout: each wait gives up after `timeout` of wall-clock time with a ``WaitTimeout``
///   saying what it waited for: a safety net against hangs only.
/// - Threading: safe from any task; no lock is held while the consumer resumes.
public final class ControlledSequence<Element: Sendable>: Sendable {
  /// One event of the consumer's, in order: it asked for an element, or it stopped.
  enum Pull: Sendable, Equatable {
    case next
    case stopped
  }

  private struct State {
    var pulls = ArrivalLog<Pull>()
    /// The consumer's pending `next()`, if it waits.
    var waiting: CheckedContinuation<Result<Element?, any Error>, Never>?
    /// Elements (or the end) sent while the consumer was not waiting, oldest first.
    var offered: [Result<Element?, any Error>] = []
    var sentCount = 0
    var isStopped = false
  }

  private let state = Locked(State())

  /// A sequence with nothing sent yet.
  public init() {}

  /// The sequence to hand to the code under test, for a consumer that takes an `AsyncStream`.
  public var stream: AsyncStream<Element> {
    AsyncStream(unfolding: { [self] in try? await pull().get() }, onCancel: { [self] in stop() })
  }

  /// The sequence as a throwing one, for a consumer that takes an `AsyncThrowingStream` (or
  /// any `AsyncSequence` that may throw): ``fail(with:timeout:)`` makes it throw.
  public var throwingStream: AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream(unfolding: { [self] in try await pull().get() })
  }

  /// Whether the consumer's task was cancelled.
  public var isCancelled: Bool {
    state.withLock { $0.isStopped }
  }

  /// Whether the consumer is suspended in `next()`, waiting for the test's next element.
  var isConsumerWaiting: Bool {
    state.withLock { $0.waiting != nil }
  }

  /// How many times the consumer asked for an element so far.
  public var pullCount: Int {
    state.withLock { state in state.pulls.elements.count { $0 == .next } }
  }

  /// Hands `element` to the consumer and returns once the consumer has handled it: it asked
  /// for the next element, or stopped. Throws ``WaitTimeout`` if that takes longer than
  /// `timeout`, and `CancellationError` if the calling task is cancelled first.
  public func send(_ element: Element, timeout: Duration = WaitTimeout.defaultLimit)
    async throws
  {
    try await offer(.success(element), timeout: timeout, what: "send(\(element))")
  }

  /// Ends the sequence and returns once the consumer has taken the end (its `next()` returned
  /// `nil`); what the consumer does then (a bridge reports `.finished`) follows on its task.
  public func finish(timeout: Duration = WaitTimeout.defaultLimit) async throws {
    try await offer(.success(nil), timeout: timeout, what: "finish()")
  }

  /// Ends the sequence with `error` (``throwingStream`` throws it; ``stream`` ends), and
  /// returns once the consumer has taken it.
  public func fail(with error: any Error, timeout: Duration = WaitTimeout.defaultLimit)
    async throws
  {
    try await offer(.failure(error), timeout: timeout, what: "fail(with: \(error))")
  }

  /// Returns once the consumer has asked for `count` elements in all (at once if it has).
  public func pulls(count: Int, timeout: Duration = WaitTimeout.defaultLimit) async throws {
    while let seen = pullsLogged(unless: { $0.pulls.elements.count { $0 == .next } >= count }) {
      try await nextPull(after: seen, timeout: timeout, awaiting: "pulls(count: \(count))")
    }
  }

  /// Returns once the consumer's task was cancelled (at once if it was).
  public func cancellation(timeout: Duration = WaitTimeout.defaultLimit) async throws {
    while let seen = pullsLogged(unless: \.isStopped) {
      try await nextPull(after: seen, timeout: timeout, awaiting: "cancellation()")
    }
  }

  /// Gives `outcome` to the waiting consumer, or queues it, then waits until the consumer has
  /// handled it.
  private func offer(
    _ outcome: Result<Element?, any Error>, timeout: Duration, what: String
  ) async throws {
    let (handedTo, awaitedPulls) = state.withLock {
      state -> (CheckedContinuation<Result<Element?, any Error>, Never>?, Int?) in
      guard !state.isStopped else { return (nil, nil) }
      state.sentCount += 1
      // Pull n takes the n-th outcome; pull n + 1 says an element was handled. After the end
      // the consumer asks no more: taking it is all there is to wait for.
      let isEnd = (try? outcome.get()) == nil
      let awaited = isEnd ? state.sentCount : state.sentCount + 1
      if let waiting = state.waiting {
        state.waiting = nil
        return (waiting, awaited)
      }
      state.offered.append(outcome)
      return (nil, awaited)
    }
    handedTo?.resume(returning: outcome)
    guard let awaited = awaitedPulls else { return }  // the consumer stopped: dropped
    let handled = { (state: State) in state.isStopped || state.pulls.elements.count >= awaited }
    while let seen = pullsLogged(unless: handled) {
      try await nextPull(after: seen, timeout: timeout, awaiting: "the consumer to handle \(what)")
    }
  }

  /// How many pulls are logged, read in one locked step with `done`; `nil` once `done` holds. A
  /// wait then waits past that count: a pull between the check and the wait is never missed.
  private func pullsLogged(unless done: (State) -> Bool) -> Int? {
    state.withLock { done($0) ? nil : $0.pulls.elements.count }
  }

  /// Waits until more than `seen` pulls (a stop is one) are logged.
  private func nextPull(after seen: Int, timeout: Duration, awaiting awaited: String) async throws {
    _ = try await firstArrivals(seen + 1, limit: timeout) { [self] in
      WaitTimeout(
        awaited: "\(awaited) on a ControlledSequence<\(Element.self)>; "
          + "\(pullCount) pulls, cancelled: \(isCancelled)",
        limit: timeout)
    }
  }

  /// The consumer's `next()`: logs the pull, then takes what was offered or waits for it.
  private func pull() async -> Result<Element?, any Error> {
    if Task.isCancelled {
      stop()  // cancelled between two pulls
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (now, wakeups) = state.withLock {
          state -> (Result<Element?, any Error>?, [ArrivalLog<Pull>.Wakeup]) in
          let wakeups = state.pulls.append(.next)
          if state.isStopped || Task.isCancelled { return (.success(nil), wakeups) }
          if !state.offered.isEmpty { return (state.offered.removeFirst(), wakeups) }
          state.waiting = continuation
          return (nil, wakeups)
        }
        if let now {
          continuation.resume(returning: now)
        }
        for wakeup in wakeups { wakeup.resume() }
      }
    } onCancel: {
      stop()
    }
  }

  /// The consumer stopped: ends its pending `next()` with `nil` and logs it, once.
  private func stop() {
    let (waiting, wakeups) = state.withLock {
      state -> (CheckedContinuation<Result<Element?, any Error>, Never>?, [ArrivalLog<Pull>.Wakeup])
      in
      guard !state.isStopped else { return (nil, []) }
      state.isStopped = true
      defer { state.waiting = nil }
      return (state.waiting, state.pulls.append(.stopped))
    }
    waiting?.resume(returning: .success(nil))
    for wakeup in wakeups { wakeup.resume() }
  }
}

extension ControlledSequence: ArrivalLogOwner {
  func withArrivalLog<Result: Sendable>(_ body: (inout ArrivalLog<Pull>) -> Result) -> Result {
    state.withLock { body(&$0.pulls) }
  }
}
