import Synchronization
import Testing

@testable import BoundedHTTP

/// `WorkerSlots`, behind `ChildProcessHTTPClient`'s "at most `maximumWorkers` at once, further
/// requests wait their turn in call order, a cancelled waiter stops waiting at once". Each
/// caller's work waits on a gate the test opens, and every step is awaited as an event (a start,
/// an end, a caller queued), so the test decides the order and never polls. The time limit is
/// only a hang guard: in CI's busy-loop step both tests once waited about 80 s for a pool thread
/// (the suite's test servers stop with a blocking `waitUntilExit`), past the minute they had.
@Suite(.timeLimit(.minutes(5))) struct WorkerSlotsTests {
  /// The callers' work, the gates it waits on, and the events the test awaits in order.
  private final class Callers: Sendable {
    let events: AsyncStream<String>
    private let event: AsyncStream<String>.Continuation
    private let gates = Mutex<[Int: CheckedContinuation<Void, Never>]>([:])

    init() {
      (events, event) = AsyncStream.makeStream()
    }

    /// Slots that report each caller queued as the event `queued <waiting>`.
    func slots(count: Int) -> WorkerSlots {
      let event = event
      return WorkerSlots(count: count) { waiting in event.yield("queued \(waiting)") }
    }

    /// Caller `number`'s work: `start <number>` once its gate is set, `end <number>` once the
    /// test opened it.
    func work(_ number: Int) async {
      await withCheckedContinuation { gate in
        gates.withLock { $0[number] = gate }
        event.yield("start \(number)")
      }
      event.yield("end \(number)")
    }

    /// Opens caller `number`'s gate (its `start` event has been awaited).
    func open(_ number: Int) {
      gates.withLock { $0.removeValue(forKey: number) }?.resume()
    }
  }

  /// The next `count` events.
  private static func next(
    _ count: Int, of events: inout AsyncStream<String>.Iterator
  ) async -> [String] {
    var taken: [String] = []
    for _ in 0..<count { taken.append(await events.next() ?? "(none: the time limit)") }
    return taken
  }

  @Test func twoSlotsRunTwoCallersAndTheOthersGoInCallOrder() async throws {
    let callers = Callers()
    let slots = callers.slots(count: 2)
    var events = callers.events.makeAsyncIterator()
    var tasks: [Task<Void, any Error>] = []
    for (number, expected) in ["start 0", "start 1", "queued 1", "queued 2", "queued 3"]
      .enumerated()
    {
      tasks.append(Task { try await slots.withSlot { await callers.work(number) } })
      try #require(await Self.next(1, of: &events) == [expected])
    }
    // Each end hands its slot to the caller that has waited longest.
    for (ending, starting) in [(1, 2), (0, 3), (2, 4)] {
      callers.open(ending)
      try #require(await Self.next(2, of: &events) == ["end \(ending)", "start \(starting)"])
    }
    callers.open(3)
    callers.open(4)
    #expect(Set(await Self.next(2, of: &events)) == ["end 3", "end 4"])
    for task in tasks { try await task.value }
  }

  @Test func aCancelledWaiterStopsWaitingAtOnceAndTakesNoTurn() async throws {
    let callers = Callers()
    let slots = callers.slots(count: 1)
    var events = callers.events.makeAsyncIterator()
    let running = Task { try await slots.withSlot { await callers.work(0) } }
    try #require(await Self.next(1, of: &events) == ["start 0"])
    let cancelled = Task { try await slots.withSlot { await callers.work(1) } }
    try #require(await Self.next(1, of: &events) == ["queued 1"])
    let next = Task { try await slots.withSlot { await callers.work(2) } }
    try #require(await Self.next(1, of: &events) == ["queued 2"])
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    callers.open(0)
    try #require(await Self.next(2, of: &events) == ["end 0", "start 2"])
    callers.open(2)
    #expect(await Self.next(1, of: &events) == ["end 2"])
    try await running.value
    try await next.value
  }
}
