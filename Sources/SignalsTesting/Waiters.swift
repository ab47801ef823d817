import Signals

/// The tasks waiting for something in their owner's state (a request made, a value recorded, an
/// element handled), woken to look again after each change. Internal: the one wait of
/// ``ControlledCall``, ``ControlledSequence`` and ``Recorder``.
///
/// The owner calls ``changed()`` after each change such a wait reads, with no lock held. A
/// wait reads the owner's state under the owner's lock, taken inside this list's lock (never
/// the other way round).
final class Waiters: Sendable {
  private let waiting = Locked<[CheckedContinuation<Void, Never>]>([])

  /// The wall-clock safety net of every wait (and of a ``ScreenHarness``'s): sixty seconds, far
  /// longer than any correct wait takes, even under ThreadSanitizer or beside six busy loops
  /// (where a correct wait was seen to take more than ten).
  static let limit = Duration.seconds(60)

  /// Wakes every waiting task to look again. Call it with no lock held.
  func changed() {
    let woken = waiting.withLock { waiting in
      defer { waiting = [] }
      return waiting
    }
    for continuation in woken {
      continuation.resume()
    }
  }

  /// Returns what `arrived` returns as soon as it is not `nil` (at once if it is not). If the
  /// calling task is cancelled first, or ``limit`` of wall-clock time passes (a safety net
  /// against hangs only: no outcome depends on it), records one failure at `site` saying what
  /// was `awaited`, and returns `nil`.
  func wait<Arrived>(
    for arrived: () -> Arrived?, at site: CallSite, awaiting awaited: @autoclosure () -> String
  ) async -> Arrived? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.limit)
    let alarm = Task {
      if (try? await Task.sleep(until: deadline, clock: clock)) != nil { changed() }
    }
    defer { alarm.cancel() }
    while true {
      if let arrived = arrived() { return arrived }
      if Task.isCancelled || clock.now >= deadline {
        let ending = Task.isCancelled ? "cancelled while" : "gave up after \(Self.limit)"
        FailureReport.record("\(ending) waiting for \(awaited())", at: site)
        return nil
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          // Looked at under this lock, which `changed()` takes: a change, the alarm or the
          // cancellation either comes before this look or finds the continuation here.
          let looksAgain = waiting.withLock { waiting in
            if arrived() != nil || Task.isCancelled || clock.now >= deadline { return true }
            waiting.append(continuation)
            return false
          }
          if looksAgain { continuation.resume() }
        }
      } onCancel: {
        changed()
      }
    }
  }
}
