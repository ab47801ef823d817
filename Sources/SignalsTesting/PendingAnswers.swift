import Signals
import SignalsConcurrency

/// The fakes a ``ScreenHarness`` watches, asked what waits for the test's answer. Internal.
///
/// A task of the view model that waits on a ``ControlledCall`` request or on a
/// ``ControlledSequence``'s next element cannot go on until the test acts: the harness's wait
/// counts those waits instead of awaiting the task for a minute of wall clock.
final class PendingAnswers: Sendable {
  /// One wait for the test: its description, and whether it is an answer the test owes (a call's
  /// request) rather than an element it may send some day (a sequence's consumer).
  struct Wait: Sendable {
    let description: String
    let isOwedAnswer: Bool
  }

  private let sources = Locked<[@Sendable () -> [Wait]]>([])

  /// Watches `call`, named `name` in messages: each pending request is an answer owed.
  func watch<Request, Response>(_ call: ControlledCall<Request, Response>, as name: String) {
    add {
      call.pendingCalls.map {
        Wait(description: "\(name): request #\($0.index) \($0.request)", isOwedAnswer: true)
      }
    }
  }

  /// Watches `sequence`, named `name` in messages: a consumer waiting for an element is a wait,
  /// not an answer owed (a socket's listener waits for ever).
  func watch<Element>(_ sequence: ControlledSequence<Element>, as name: String) {
    add {
      sequence.isConsumerWaiting
        ? [Wait(description: "\(name): consumer waiting for an element", isOwedAnswer: false)] : []
    }
  }

  /// What waits for the test now, call by call in the order they were watched.
  func waits() -> [Wait] {
    // The sources are called outside the lock: they take the fakes' locks.
    sources.withLock { $0 }.flatMap { $0() }
  }

  private func add(_ source: @escaping @Sendable () -> [Wait]) {
    sources.withLock { $0.append(source) }
  }
}

/// What `awaitTasksOrAnswers` saw. Internal.
enum TasksOutcome: Sendable {
  /// A task ran meanwhile: it returned, or reached a wait for the test.
  case progressed
  /// Nothing ran: no task was unfinished, or each was already waiting for the test.
  case quiet
  /// Still running after the limit (or the caller was cancelled): what was awaited.
  case timedOut(String)
}

/// Waits until every task of `tasks` has returned or each unfinished one can be waiting for the
/// test: there are at least as many waits in `answers` as unfinished tasks (a task waits on one
/// call at a time; a call made by a task the harness does not watch counts as one of them, so
/// watch only the fakes the view model's tasks call).
///
/// Checks every millisecond of wall clock, on the main actor, which each check gives up so the
/// tasks' main-actor parts run. No outcome depends on how long anything takes; `timeout` (wall
/// clock) is only the safety net against a task that never returns and never waits for the test
/// (an unwatched fake, a real network call).
@MainActor
func awaitTasksOrAnswers(
  _ tasks: [TaskOwnerProbe], _ answers: PendingAnswers, timeout: Duration
) async -> TasksOutcome {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var checks = 0
  while true {
    let unfinished = tasks.reduce(0) { $0 + $1.unfinishedCount }
    if unfinished == 0 || answers.waits().count >= unfinished {
      return checks == 0 ? .quiet : .progressed
    }
    guard clock.now < deadline, !Task.isCancelled else {
      let waits = answers.waits().map(\.description)
      return .timedOut(
        "\(unfinished) task(s) still running after \(timeout)"
          + (waits.isEmpty ? "" : ", waiting for none of: \(waits)"))
    }
    checks += 1
    try? await Task.sleep(for: .milliseconds(1))
  }
}
