import Synchronization
import Testing

@testable import BoundedHTTP

/// `WorkerSlots`, behind `ChildProcessHTTPClient`'s "at most `maximumWorkers` at once, further
/// requests wait their turn in call order, a cancelled waiter stops waiting at once". Each
/// caller's work waits on a gate the test opens, so every step is decided by the test.
@Suite(.timeLimit(.minutes(1))) struct WorkerSlotsTests {
  /// What the callers did, in order, and the gates their work waits on.
  private final class Callers: Sendable {
    private let state = Mutex<(log: [String], gates: [Int: CheckedContinuation<Void, Never>])>(
      ([], [:]))

    var log: [String] { state.withLock { $0.log } }

    /// Caller `number`'s work: records its start, waits for its gate, records its end.
    func work(_ number: Int) async {
      await withCheckedContinuation { gate in
        state.withLock { state in
          state.log.append("start \(number)")
          state.gates[number] = gate
        }
      }
      state.withLock { $0.log.append("end \(number)") }
    }

    /// Returns once `entry` is in the log; throws when the test's time limit cancels it.
    func waitFor(_ entry: String) async throws {
      while !log.contains(entry) {
        try Task.checkCancellation()
        await Task.yield()
      }
    }

    /// Returns once the log has `count` entries; throws when the test's time limit cancels it.
    func waitForEntries(_ count: Int) async throws {
      while log.count < count {
        try Task.checkCancellation()
        await Task.yield()
      }
    }

    /// Opens caller `number`'s gate, once its work has started.
    func open(_ number: Int) async throws {
      while true {
        if let gate = state.withLock({ $0.gates.removeValue(forKey: number) }) {
          return gate.resume()
        }
        try Task.checkCancellation()
        await Task.yield()
      }
    }
  }

  /// Lets the tasks started so far run until `slots` has `count` callers waiting.
  private static func waitUntil(_ slots: WorkerSlots, hasWaiting count: Int) async throws {
    while slots.waitingCount != count {
      try Task.checkCancellation()
      await Task.yield()
    }
  }

  @Test func twoSlotsRunTwoCallersAndTheOthersGoInCallOrder() async throws {
    let slots = WorkerSlots(count: 2)
    let callers = Callers()
    var tasks: [Task<Void, any Error>] = []
    for number in 0..<5 {
      tasks.append(Task { try await slots.withSlot { await callers.work(number) } })
      if number < 2 {
        try await callers.waitFor("start \(number)")
      } else {
        try await Self.waitUntil(slots, hasWaiting: number - 1)
      }
    }
    // Each end hands its slot to the caller that has waited longest.
    for (ending, starting) in [(1, 2), (0, 3), (2, 4)] {
      let before = callers.log.count
      try await callers.open(ending)
      try await callers.waitForEntries(before + 2)
      try #require(callers.log.suffix(2) == ["end \(ending)", "start \(starting)"])
    }
    try await callers.open(3)
    try await callers.waitFor("end 3")
    try await callers.open(4)
    for task in tasks { try await task.value }
    #expect(
      callers.log == [
        "start 0", "start 1", "end 1", "start 2", "end 0", "start 3", "end 2", "start 4",
        "end 3", "end 4",
      ])
    #expect(slots.waitingCount == 0)
  }

  @Test func aCancelledWaiterStopsWaitingAtOnceAndTakesNoTurn() async throws {
    let slots = WorkerSlots(count: 1)
    let callers = Callers()
    let running = Task { try await slots.withSlot { await callers.work(0) } }
    try await callers.waitFor("start 0")
    let cancelled = Task { try await slots.withSlot { await callers.work(1) } }
    try await Self.waitUntil(slots, hasWaiting: 1)
    let next = Task { try await slots.withSlot { await callers.work(2) } }
    try await Self.waitUntil(slots, hasWaiting: 2)
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(slots.waitingCount == 1)
    try await callers.open(0)
    try await callers.open(2)
    try await running.value
    try await next.value
    #expect(callers.log == ["start 0", "end 0", "start 2", "end 2"])
  }
}
