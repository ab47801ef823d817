import Dispatch
import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `debounce` never delivers an older value after a newer one, even when its firings run at
/// once on a concurrent scheduler. Before the fix, a firing checked that its value was still the
/// newest and sent it in two steps; preempted between them, it sent its stale value after a
/// newer firing had sent its own (seen in 5 of 8 probe runs; this test, run against that code,
/// failed 5 runs of 5). `throttle` makes the same promise with the same design, and is held to it
/// by the same test.
@Suite(.dedicatedThread) struct DebounceOrderTests {
  /// The time-based operators whose firings race on the scheduler.
  enum TimedOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case debounce
    case throttle

    var testDescription: String { rawValue }

    func apply(_ stream: EventStream<Int>, on scheduler: some SignalScheduler) -> EventStream<Int> {
      switch self {
      case .debounce: stream.debounce(for: .zero, scheduler: scheduler)
      case .throttle: stream.throttle(for: .zero, scheduler: scheduler)
      }
    }
  }

  static let streams = 8
  /// 30 rounds caught the old race on every run; the ThreadSanitizer step of CI, where each
  /// round is many times slower, sets fewer with `SIGNALS_DEBOUNCE_ORDER_ROUNDS`.
  static let rounds =
    ProcessInfo.processInfo.environment["SIGNALS_DEBOUNCE_ORDER_ROUNDS"].flatMap { Int($0) } ?? 30
  /// Values per round: 2,000; the ThreadSanitizer step sets fewer with
  /// `SIGNALS_DEBOUNCE_ORDER_VALUES` (there, eight throttled streams of 2,000 outran the hang
  /// guard).
  static let valuesPerRound =
    ProcessInfo.processInfo.environment["SIGNALS_DEBOUNCE_ORDER_VALUES"].flatMap { Int($0) }
    ?? 2_000

  @Test(arguments: TimedOperator.allCases)
  func firingsRacingOnAConcurrentQueueDeliverInSendOrder(_ timed: TimedOperator) {
    // Eight streams sent to at once from eight threads, their firings sharing one
    // concurrent queue: far more runnable threads than cores, so a firing is often preempted
    // mid-way, which is what the race needs.
    let scheduler = ConcurrentZeroDelayScheduler()
    let outOfOrder = Recorder<String>()
    let senders = (0..<Self.streams).map { stream in
      startThread {
        for round in 0..<Self.rounds {
          let sender = EventSender<Int>()
          let delivered = Recorder<Int>()
          let token = timed.apply(sender.stream, on: scheduler).sink { delivered.record($0) }
          for value in 1...Self.valuesPerRound {
            sender.send(value)
          }
          scheduler.waitUntilEveryActionRan()
          let values = delivered.values
          if let index = values.indices.dropFirst().first(where: { values[$0] <= values[$0 - 1] }) {
            outOfOrder.record(
              "stream \(stream) round \(round): \(values[index - 1]) then \(values[index])")
          }
          if values.last != Self.valuesPerRound {
            outOfOrder.record("stream \(stream) round \(round): last was \(values.last ?? 0)")
          }
          token.cancel()
        }
      }
    }
    for sender in senders {
      waitOrFail(sender, "a sending thread")
    }
    #expect(outOfOrder.values == [])
  }
}

/// Runs every action at once on a concurrent queue, ignoring delays and cancellation (the
/// operator's own generation check must drop stale firings), and can wait until all ran.
private final class ConcurrentZeroDelayScheduler: SignalScheduler {
  var now: Duration { DispatchQueueScheduler.queue(queue).now }

  private let queue = DispatchQueue(label: "DebounceOrderTests", attributes: .concurrent)
  private let group = DispatchGroup()

  func schedule(_ action: @escaping @Sendable () -> Void) {
    queue.async(group: group, execute: action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    schedule(action)
    return SubscriptionToken {}
  }

  /// Blocks until every action scheduled so far has returned (bounded by ``hangGuard``).
  func waitUntilEveryActionRan(sourceLocation: SourceLocation = #_sourceLocation) {
    if group.wait(timeout: .now() + hangGuard) == .timedOut {
      Issue.record("scheduled actions never finished", sourceLocation: sourceLocation)
    }
  }
}
