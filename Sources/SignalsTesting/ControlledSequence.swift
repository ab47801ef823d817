import Signals
import SignalsConcurrency

/// An `AsyncSequence` the test feeds one element at a time, knowing when each was handled: the
/// fake for a socket's `AsyncStream`, a notification sequence, any `for await` source.
///
/// ```swift
/// let socket = ControlledSequence<String>()
/// let inbox = Inbox(messages: socket.stream)       // iterates it (an AsyncSequenceEvents)
/// let shown = Recorder(inbox.messages)
/// await socket.send("hi")                          // returns once "hi" was handled
/// #expect(shown.values == ["hi"])
/// ```
///
/// - Handing over: ``send(_:fileID:filePath:line:column:)`` gives the consumer one element and
///   returns once the consumer has handled it, that is, asked for the next element (or
///   stopped). A bridge such as `AsyncSequenceEvents` delivers an element to its subscribers
///   before it asks for the next, so when `send` returns, every subscriber that receives
///   synchronously has it, at the virtual time the test's `TestScheduler` reads: advance the
///   clock between sends to put elements at chosen instants, and a `debounce(for:scheduler:)`
///   downstream runs on it too.
/// - Ending: ``finish(fileID:filePath:line:column:)`` ends the sequence (`next()` returns
///   `nil`); ``fail(with:fileID:filePath:line:column:)`` makes ``throwingStream`` throw
///   (``stream``, which cannot throw, ends).
/// - Cancellation: when the consumer's task is cancelled (a bridge cancelled or released), a
///   pending `next()` ends with `nil` and ``isCancelled`` becomes `true`;
///   ``cancellation(fileID:filePath:line:column:)`` awaits it. An element sent after the
///   consumer stopped is dropped, and `send` returns at once.
/// - One consumer: iterate ``stream`` or ``throwingStream``, once.
/// - Failure: every wait here fails as ``Recorder/next(fileID:filePath:line:column:)`` does.
/// - Threading: safe from any task; no lock is held while the consumer resumes.
public final class ControlledSequence<Element: Sendable>: Sendable {
  private struct State {
    /// How many times the consumer asked for an element.
    var pulls = 0
    /// The consumer's pending `next()`, if it waits.
    var waiting: CheckedContinuation<Result<Element?, any Error>, Never>?
    /// Elements (or the end) sent while the consumer was not waiting, oldest first.
    var offered: [Result<Element?, any Error>] = []
    var sentCount = 0
    var isStopped = false
  }

  private let state = Locked(State())
  private let waiters = Waiters()

  /// A sequence with nothing sent yet.
  public init() {}

  /// The sequence to hand to the code under test, for a consumer that takes an `AsyncStream`.
  public var stream: AsyncStream<Element> {
    AsyncStream(unfolding: { [self] in try? await pull().get() }, onCancel: { [self] in stop() })
  }

  /// The sequence as a throwing one, for a consumer that takes an `AsyncThrowingStream` (or
  /// any `AsyncSequence` that may throw).
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
    state.withLock { $0.pulls }
  }

  /// Hands `element` to the consumer and returns once the consumer has handled it.
  public func send(
    _ element: Element, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await offer(.success(element), at: site, what: "send(\(element))")
  }

  /// Ends the sequence and returns once the consumer has taken the end; what the consumer does
  /// then (a bridge reports `.finished`) follows on its task.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await offer(.success(nil), at: site, what: "finish()")
  }

  /// Ends the sequence with `error` and returns once the consumer has taken it.
  public func fail(
    with error: any Error, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await offer(.failure(error), at: site, what: "fail(with: \(error))")
  }

  /// Returns once the consumer has asked for `count` elements in all (at once if it has).
  public func pulls(
    count: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await wait(until: { $0.pulls >= count }, at: site, awaiting: "pulls(count: \(count))")
  }

  /// Returns once the consumer's task was cancelled (at once if it was).
  public func cancellation(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await wait(until: \.isStopped, at: site, awaiting: "cancellation()")
  }

  /// Gives `outcome` to the waiting consumer, or queues it, then waits until the consumer has
  /// handled it.
  private func offer(_ outcome: Result<Element?, any Error>, at site: CallSite, what: String)
    async
  {
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
    await wait(
      until: { $0.isStopped || $0.pulls >= awaited }, at: site,
      awaiting: "the consumer to handle \(what)")
  }

  /// Waits until `done` holds for the state.
  private func wait(until done: (State) -> Bool, at site: CallSite, awaiting awaited: String)
    async
  {
    _ = await waiters.wait(
      for: { state.withLock { done($0) ? () : nil } }, at: site,
      awaiting: "\(awaited) on a ControlledSequence<\(Element.self)>; \(pullCount) pulls, "
        + "cancelled: \(isCancelled)")
  }

  /// The consumer's `next()`: logs the pull, then takes what was offered or waits for it.
  private func pull() async -> Result<Element?, any Error> {
    if Task.isCancelled {
      stop()  // cancelled between two pulls
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state -> Result<Element?, any Error>? in
          state.pulls += 1
          if state.isStopped || Task.isCancelled { return .success(nil) }
          if !state.offered.isEmpty { return state.offered.removeFirst() }
          state.waiting = continuation
          return nil
        }
        if let now {
          continuation.resume(returning: now)
        }
        waiters.changed()
      }
    } onCancel: {
      stop()
    }
  }

  /// The consumer stopped: ends its pending `next()` with `nil`, once.
  private func stop() {
    let waiting = state.withLock {
      state -> CheckedContinuation<Result<Element?, any Error>, Never>? in
      guard !state.isStopped else { return nil }
      state.isStopped = true
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: .success(nil))
    waiters.changed()
  }
}
