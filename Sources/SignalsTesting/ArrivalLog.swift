import Signals

/// A list that grows over time, with the tasks waiting for it to reach a length. Internal.
///
/// A value kept inside its owner's lock, so that appending and registering a waiter are atomic
/// with the owner's other state. Methods that end a wait return a ``Wakeup``, which the owner
/// calls after releasing its lock (resuming a continuation runs other code).
struct ArrivalLog<Element: Sendable>: Sendable {
  /// A continuation to resume, and what to resume it with.
  struct Wakeup: Sendable {
    let continuation: CheckedContinuation<[Element], any Error>
    let result: Result<[Element], any Error>

    /// Resumes the waiting task. Call it with no lock held.
    func resume() {
      continuation.resume(with: result)
    }
  }

  private struct Waiter: Sendable {
    let count: Int
    let continuation: CheckedContinuation<[Element], any Error>
  }

  /// Every element so far, in arrival order.
  private(set) var elements: [Element] = []
  private var waiters: [Int: Waiter] = [:]
  private var nextWaiterID = 0

  /// Appends `element` and ends the waits it satisfies, oldest first.
  mutating func append(_ element: Element) -> [Wakeup] {
    elements.append(element)
    let satisfied = waiters.filter { $0.value.count <= elements.count }.sorted { $0.key < $1.key }
    for (id, _) in satisfied {
      waiters[id] = nil
    }
    return satisfied.map {
      Wakeup(continuation: $0.value.continuation, result: .success(prefix($0.value.count)))
    }
  }

  /// Empties the list (waiters keep waiting) and returns what it held, to be released by the
  /// caller outside its lock.
  mutating func removeAll() -> [Element] {
    defer { elements = [] }
    return elements
  }

  /// A new identifier for ``wait(_:for:continuation:)`` and ``endWait(_:)``.
  mutating func makeWaiterID() -> Int {
    defer { nextWaiterID += 1 }
    return nextWaiterID
  }

  /// Registers waiter `id` for the first `count` elements, or returns a wakeup that answers it
  /// now: with those elements if they are here, with `CancellationError` if the current task is
  /// cancelled. Call it under the lock that the cancellation handler's ``endWait(_:)`` takes
  /// too: either the handler finds the waiter registered, or this call sees the cancellation.
  mutating func wait(
    _ id: Int, for count: Int, continuation: CheckedContinuation<[Element], any Error>
  ) -> Wakeup? {
    if count <= elements.count {
      return Wakeup(continuation: continuation, result: .success(prefix(count)))
    }
    if Task.isCancelled {
      return Wakeup(continuation: continuation, result: .failure(CancellationError()))
    }
    waiters[id] = Waiter(count: count, continuation: continuation)
    return nil
  }

  /// Ends waiter `id` with `CancellationError`, if it is still waiting.
  mutating func endWait(_ id: Int) -> Wakeup? {
    guard let waiter = waiters.removeValue(forKey: id) else { return nil }
    return Wakeup(continuation: waiter.continuation, result: .failure(CancellationError()))
  }

  private func prefix(_ count: Int) -> [Element] {
    Array(elements.prefix(max(count, 0)))
  }
}

/// Something that keeps an ``ArrivalLog`` under its lock, and so can be awaited. Internal.
protocol ArrivalLogOwner<Element>: Sendable {
  associatedtype Element: Sendable

  /// Runs `body` on the log under the owner's lock. `body` only touches the log.
  func withArrivalLog<Result: Sendable>(_ body: (inout ArrivalLog<Element>) -> Result) -> Result
}

extension ArrivalLogOwner {
  /// The first `count` elements, as soon as the log holds them; throws ``WaitTimeout`` (made by
  /// `timeoutError` at that moment) after `limit`, or `CancellationError` if the caller is
  /// cancelled.
  func firstArrivals(
    _ count: Int, limit: Duration, timeoutError: @escaping @Sendable () -> WaitTimeout
  ) async throws -> [Element] {
    try await raceAgainstClock(
      { try await self.arrivals(count) }, limit: limit, timeoutError: timeoutError)
  }

  /// The first `count` elements, as soon as the log holds them. Cancellable, unbounded.
  private func arrivals(_ count: Int) async throws -> [Element] {
    let id = withArrivalLog { $0.makeWaiterID() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        withArrivalLog { $0.wait(id, for: count, continuation: continuation) }?.resume()
      }
    } onCancel: {
      withArrivalLog { $0.endWait(id) }?.resume()
    }
  }
}
