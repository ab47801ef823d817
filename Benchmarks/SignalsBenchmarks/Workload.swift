/// One measurable piece of work, set up and ready to run.
///
/// `run(count)` performs `count` operations and returns a number that goes into the printed
/// checksum, so the optimiser cannot drop the work. State (streams, live subscriptions) is built
/// when the workload is made and lives as long as the workload.
struct Workload {
  /// Operations per timed batch.
  let operations: Int
  /// Performs that many operations; returns a checksum contribution.
  let run: (Int) -> Int
}

/// What one interleaved comparison produced: median nanoseconds per operation of each side.
struct PairTiming {
  let caseNanoseconds: Double
  let baselineNanoseconds: Double
}

/// Times workloads and keeps the checksum.
final class Stopwatch {
  private let clock = ContinuousClock()
  private(set) var checksum = 0
  let repeats: Int

  init(repeats: Int) {
    self.repeats = repeats
  }

  /// Nanoseconds per operation of one batch of `workload`.
  func time(_ workload: Workload) -> Double {
    let start = clock.now
    let result = workload.run(workload.operations)
    let elapsed = start.duration(to: clock.now)
    checksum &+= result
    return elapsed.nanoseconds / Double(workload.operations)
  }

  /// Runs `baseline` and `subject` alternately (one warm-up batch each, then `repeats` batches
  /// each, swapping which goes first every round so both share the machine's noise) and returns
  /// the median of each side.
  func compare(_ subject: Workload, against baseline: Workload) -> PairTiming {
    _ = time(baseline)
    _ = time(subject)
    var subjectSamples: [Double] = []
    var baselineSamples: [Double] = []
    for round in 0..<repeats {
      if round.isMultiple(of: 2) {
        baselineSamples.append(time(baseline))
        subjectSamples.append(time(subject))
      } else {
        subjectSamples.append(time(subject))
        baselineSamples.append(time(baseline))
      }
    }
    return PairTiming(
      caseNanoseconds: subjectSamples.median, baselineNanoseconds: baselineSamples.median)
  }

  /// Folds a value that was computed outside a timed batch into the checksum.
  func absorb(_ value: Int) {
    checksum &+= value
  }
}

extension Duration {
  /// This duration in nanoseconds, as a floating-point number.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

extension Array where Element == Double {
  /// The middle sample (the mean of the two middle ones for an even count).
  var median: Double {
    precondition(!isEmpty, "median of no samples")
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
