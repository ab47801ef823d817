import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

/// `combineLatest` of two properties set from two threads at once, with two long-lived
/// subscribers (direct and `receive(on:)` a concurrent queue) and two threads subscribing and
/// cancelling. Bounded by counts; no sleeps.
///
/// What must hold: each pair after the first changes exactly one side, to that side's next
/// value; a long-lived subscriber gets the pair of initial values and then one pair per change,
/// ending on the sources' final values; everything is deallocated afterwards.
@Suite(.dedicatedThread) struct CombineLatestStressReliabilityTests {
  static let setsPerSource = 10_000
  static let churnCycles = 200

  @Test func combineLatestUnderConcurrentSourcesAndSubscribers() async {
    await LeakTracker.expectCleanRun(of: run(tracker:))
  }

  private func run(tracker: LeakTracker) async -> [String] {
    let queue = DispatchQueue(label: "reliability.stress.combine", attributes: .concurrent)
    let left = tracker.track(MutableProperty(Stamp(sender: 0, sequence: -1)), "left owner")
    let right = tracker.track(MutableProperty(Stamp(sender: 1, sequence: -1)), "right owner")
    let combined = Property.combineLatest(left.property, right.property)
    typealias Pair = (Stamp, Stamp)
    let direct = Locked<[Pair]>([])
    let relayed = Locked<[Pair]>([])
    var tokens = [
      combined.sink { pair in direct.withLock { $0.append(pair) } },
      combined.receive(on: .queue(queue)).sink { pair in relayed.withLock { $0.append(pair) } },
    ]
    tracker.track(tokens[0], "combined direct token")
    tracker.track(tokens[1], "combined relayed token")
    let churnProblems = Locked<[String]>([])
    let sourcesDone = Atomic<Int>(0)
    let sends = Self.setsPerSource
    await onThreads(4) { index in
      switch index {
      case 0, 1:
        let owner = index == 0 ? left : right
        for sequence in 0..<sends {
          owner.value = Stamp(sender: index, sequence: sequence)
        }
        sourcesDone.wrappingAdd(1, ordering: .releasing)
      default:
        for cycle in 0..<Self.churnCycles {
          let pairs = Locked<[Pair]>([])
          let token =
            cycle.isMultiple(of: 2)
            ? combined.sink { pair in pairs.withLock { $0.append(pair) } }
            : combined.receive(on: .queue(queue)).sink { pair in pairs.withLock { $0.append(pair) }
            }
          // Let one to three pairs through while the sources are still changing.
          let wanted = cycle % 3 + 1
          waitBriefly {
            pairs.withLock { $0.count } >= wanted || sourcesDone.load(ordering: .acquiring) == 2
          }
          token.cancel()
          let problems = Self.checkPairs(
            pairs.withLock { $0 }, label: "churn \(index) #\(cycle)")
          churnProblems.withLock { $0 += problems }
        }
      }
    }
    queue.sync(flags: .barrier) {}
    for token in tokens {
      token.cancel()
    }
    tokens.removeAll()
    var problems = churnProblems.withLock { $0 }
    let last = (left.value, right.value)
    for (label, pairs) in [
      ("direct", direct.withLock { $0 }), ("relayed", relayed.withLock { $0 }),
    ] {
      problems += Self.checkPairs(pairs, label: label)
      // At most one pair per owner change (fewer when a notification already saw a newer
      // value of the other side: the pair is then delivered once, with both changes).
      if pairs.count > 1 + 2 * sends {
        problems.append("\(label): \(pairs.count) pairs, at most \(1 + 2 * sends) expected")
      }
      if let final = pairs.last, final != last {
        problems.append("\(label): last pair \(final), sources end on \(last)")
      }
    }
    return problems
  }

  /// Each pair after the first moves at least one side forward and neither back.
  private static func checkPairs(_ pairs: [(Stamp, Stamp)], label: String) -> [String] {
    var problems: [String] = []
    for (previous, next) in zip(pairs, pairs.dropFirst()) {
      let leftStep = next.0.sequence - previous.0.sequence
      let rightStep = next.1.sequence - previous.1.sequence
      if leftStep < 0 || rightStep < 0 || leftStep + rightStep == 0 {
        problems.append("\(label): pair \(previous) followed by \(next)")
      }
    }
    return Array(problems.prefix(5))
  }
}
