import Signals

/// A fake async call that the test answers: each ``call(_:)`` suspends until the test resolves
/// or fails it, so the test decides when, in which order and how every request completes,
/// with no sleeping.
///
/// ```swift
/// let fetch = ControlledCall<String, Int>()
/// let model = Model(fetch: fetch.call)
/// model.load("ann")
/// await fetch.requests(count: 1)         // the request is in flight
/// fetch.resolve(0, with: 42)              // or fail(0, with: error)
/// ```
///
/// - Order: calls are numbered from 0 in arrival order; ``requests`` lists them.
/// - Answering: ``resolve(_:with:fileID:filePath:line:column:)`` and
///   ``fail(_:with:fileID:filePath:line:column:)`` answer one pending call by number; when
///   concurrent tasks make the calls in no fixed order, `resolve(matching:with:)` and
///   `fail(matching:with:)` answer the oldest pending call whose request is equal. Answering a
///   call that is not pending records a test failure at the caller's line and does nothing else:
///   a Swift Testing issue in a Swift Testing test, an `XCTFail` in an `XCTestCase`. Callers need
///   no `import Testing`.
/// - Cancellation: a call whose task is cancelled is listed in ``cancelledRequests``. By
///   default it then throws `CancellationError` at once (like `URLSession`) and is no longer
///   pending; with `.keepsWaitingForAnswer` it stays pending until the test answers it, to model
///   a response already on its way.
/// - Threading: safe from any thread; the caller resumes on its own executor, never under a
///   lock.
public final class ControlledCall<Request: Sendable, Response: Sendable>: Sendable {
  private struct State {
    var requests: [Request] = []
    var pending: [Int: CheckedContinuation<Response, any Error>] = [:]
    var cancelled: Set<Int> = []
  }

  private let state = Locked(State())
  private let waiters = Waiters()
  private let cancellation: ControlledCallCancellation

  /// Creates a call with nothing requested yet.
  public init(whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError) {
    self.cancellation = cancellation
  }

  /// Records `request` and suspends until the test answers it (or its task is cancelled).
  public func call(_ request: Request) async throws -> Response {
    let number = Locked<Int?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Numbered and checked for cancellation under the lock `onCancel` takes too: either
        // `onCancel` finds the call numbered, or this check sees the cancellation.
        let thrown = state.withLock { state in
          let index = state.requests.count
          number.withLock { $0 = index }
          state.requests.append(request)
          let isCancelled = Task.isCancelled
          if isCancelled {
            state.cancelled.insert(index)
          }
          let throwsNow = isCancelled && cancellation == .throwsCancellationError
          if !throwsNow {
            state.pending[index] = continuation
          }
          return throwsNow
        }
        // Outside the lock: resuming runs other code.
        if thrown {
          continuation.resume(throwing: CancellationError())
        }
        waiters.changed()
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Response, any Error>? in
        // `nil` if the call has not registered yet: it then sees the cancellation itself.
        guard let index = number.withLock({ $0 }) else { return nil }
        state.cancelled.insert(index)
        guard cancellation == .throwsCancellationError else { return nil }
        return state.pending.removeValue(forKey: index)
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Every request made so far, in arrival order (index `n` is call number `n`).
  public var requests: [Request] {
    state.withLock { $0.requests }
  }

  /// The numbers of the calls still waiting for an answer, in ascending order.
  public var pendingIndices: [Int] {
    state.withLock { $0.pending.keys.sorted() }
  }

  /// The requests whose task was cancelled, in arrival order.
  public var cancelledRequests: [Request] {
    state.withLock { state in state.cancelled.sorted().map { state.requests[$0] } }
  }

  /// The calls still waiting for an answer with their requests, oldest first, read together.
  var pendingCalls: [(index: Int, request: Request)] {
    state.withLock { state in state.pending.keys.sorted().map { ($0, state.requests[$0]) } }
  }

  /// Returns the first `count` requests once that many calls were made (at once if they were),
  /// each pending unless answered or cancelled meanwhile. For a request made by a task the test
  /// cannot settle while it waits for the answer (a ``ScreenHarness`` watching this call settles
  /// it instead). Failure: as ``Recorder/next(fileID:filePath:line:column:)``, returning the
  /// requests made.
  @discardableResult
  public func requests(
    count: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> [Request] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let arrived = await waiters.wait(
      for: {
        state.withLock { $0.requests.count >= count ? Array($0.requests.prefix(count)) : nil }
      },
      at: site,
      awaiting: "requests(count: \(count)) on a ControlledCall<\(Request.self), \(Response.self)>; "
        + "\(requests.count) made: \(requests)")
    return arrived ?? requests
  }

  /// Answers call number `index` with `response`.
  public func resolve(
    _ index: Int, with response: Response, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    answer(index, with: .success(response)) { FailureReport.record($0, at: site) }
  }

  /// Fails call number `index` with `error`.
  public func fail(
    _ index: Int, with error: any Error, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    answer(index, with: .failure(error)) { FailureReport.record($0, at: site) }
  }

  /// Answers call `index` (`nil`: none was found) with `result`, or calls `failure` with a
  /// description of what was pending.
  func answer(
    _ index: Int?, with result: Result<Response, any Error>, failure: (String) -> Void
  ) {
    let continuation = index.flatMap { index in
      state.withLock { $0.pending.removeValue(forKey: index) }
    }
    guard let continuation else {
      let made = requests
      failure(
        """
        ControlledCall: call \(index.map(String.init) ?? "(none)") is not pending; \
        pending: \(pendingIndices), \(made.count) made: \(made)
        """)
      return
    }
    continuation.resume(with: result)
  }
}

extension ControlledCall where Request: Equatable {
  /// Answers the oldest pending call whose request equals `request` with `response`.
  public func resolve(
    matching request: Request, with response: Response, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    answer(oldestPending(request), with: .success(response)) { FailureReport.record($0, at: site) }
  }

  /// Fails the oldest pending call whose request equals `request` with `error`.
  public func fail(
    matching request: Request, with error: any Error, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    answer(oldestPending(request), with: .failure(error)) { FailureReport.record($0, at: site) }
  }

  private func oldestPending(_ request: Request) -> Int? {
    let requests = requests
    return pendingIndices.first { requests[$0] == request }
  }
}
