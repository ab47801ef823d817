import Signals
import SignalsConcurrency
import Synchronization
import Testing

/// Lets everything the test controls run until nothing moves, without moving the virtual
/// clock: ``ScreenHarness``'s wait for a library test that records with ``Recorder``s (a view
/// model is tested with the harness).
///
/// Each round runs the actions due on `scheduler` at its current time (``TestScheduler/now``
/// does not move: a debounce still waiting stays waiting; advance the clock to fire it), awaits
/// every task of `tasks` (including tasks started meanwhile), then lets the main queue run
/// what was queued on it before (deliveries of `receive(on: .mainActor)`, owned progress
/// updates, outcomes hopping back). Rounds repeat until three in a row find no due action, no
/// task running and no job of `.mainQueue` (`DispatchQueueScheduler.mainQueue`) queued or
/// running: then nothing the test controls is about to deliver anything.
///
/// - Main-queue hops: a value that takes any number of `receive(on: .mainQueue)` hops is
///   waited for (each hop is a counted job; a round is never quiet while one is pending). Other
///   main-queue work (your own `DispatchQueue.main.async`) is not counted: it is seen if it
///   hops at most three times in a row (the three quiet rounds). Work that keeps queueing more
///   fails after 1,000 rounds, loudly, as below.
///
/// - Which tasks: pass the probes whose tasks will finish on their own. A task waiting for an
///   answer the test has not given yet (a ``ControlledCall`` request, a ``ControlledSequence``)
///   never finishes: leave its owner out, or test with a ``ScreenHarness`` that watches the fake
///   (a task waiting on a watched call is settled, not running). Without probes, `settle` still
///   runs due actions and drains the main queue.
/// - Failure: one issue, at the caller's location, if a task is still running after `timeout`
///   of wall-clock time (a safety net against hangs only) or work kept scheduling more work for
///   1,000 rounds. A wrong expectation after `settle` fails at once with what arrived: nothing
///   here waits for a value that may never come.
/// - Threading: on the main actor, so that queued main-actor deliveries run inside the call.
@MainActor
public func settle(
  _ scheduler: TestScheduler? = nil,
  tasks: TaskOwnerProbe...,
  timeout: Duration = .seconds(60),
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async {
  guard let unsettled = await settleRounds(scheduler, tasks, timeout: timeout)
  else { return }
  Issue.record(
    Comment(rawValue: "settle: \(unsettled)"),
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// The rounds of `settle` and ``ScreenHarness``: `nil` once settled, otherwise what never
/// settled. Each round awaits the tasks until they have returned or, with `answers` (the
/// requests of the fakes a harness watches), until each unfinished task can be waiting for one
/// of them (see `awaitTasksOrAnswers`): they are settled, not hung.
@MainActor
func settleRounds(
  _ scheduler: TestScheduler?, _ tasks: [TaskOwnerProbe], timeout: Duration,
  answers: PendingAnswers = PendingAnswers()
) async -> String? {
  let roundLimit = 1_000
  let quietRoundsToSettle = 3
  var quietRounds = 0
  for _ in 0..<roundLimit {
    let ran = scheduler?.runDue() ?? 0
    var awaited = false
    switch await awaitTasksOrAnswers(tasks, answers, timeout: timeout) {
    case .progressed: awaited = true
    case .quiet: break
    case .timedOut(let what): return "could not settle: \(what)"
    }
    // Main-queue jobs queued before this point (main-actor deliveries) run before we resume.
    await Task.yield()
    // A `.mainQueue` job queued by one that just ran (a hop after a hop) is still ahead: no
    // round is quiet while one is pending, however many hops a value takes.
    let hopsPending = MainQueueJobs.pending.load(ordering: .acquiring) > 0
    quietRounds = ran == 0 && !awaited && !hopsPending ? quietRounds + 1 : 0
    if quietRounds == quietRoundsToSettle { return nil }
  }
  return "could not settle: work kept starting more work for \(roundLimit) rounds"
}
