/// One measurable piece of work, set up and ready to run.
///
/// `run(count)` performs `count` operations and returns a number that goes into the printed
/// checksum, so the optimiser cannot drop the work. State (streams, live subscriptions) is built
/// when the workload is made and lives as long as the workload.
struct Workload {
  /// `nil`: the stopwatch picks the operations per batch. Otherwise every batch performs exactly
  /// this many (`run` ignores its argument).
  let fixedOperations: Int?
  /// Performs the operations; returns a checksum contribution.
  let run: (Int) -> Int

  /// A workload whose batch size the stopwatch calibrates.
  init(_ run: @escaping (Int) -> Int) {
    self.fixedOperations = nil
    self.run = run
  }

  /// A workload that always performs `operations` operations per batch.
  init(fixedOperations operations: Int, _ run: @escaping () -> Int) {
    self.fixedOperations = operations
    self.run = { _ in run() }
  }
}

/// What one interleaved comparison produced: median nanoseconds per operation of each side.
struct PairTiming {
  let caseNanoseconds: Double
  let baselineNanoseconds: Double
}

/// Times workloads and keeps the checksum.
///
/// Batches are short (see ``Settings/batchNanoseconds``) and many: on a shared machine a batch
/// that loses the CPU to another process reads high, and the median ignores it as long as most
/// batches ran undisturbed. Case and baseline batches are calibrated to the same duration, so
/// neither side is more exposed to preemption than the other.
final class Stopwatch {
  private let clock = ContinuousClock()
  private(set) var checksum = 0
  /// Operations the case sides of all comparisons ran, warm-up included.
  private(set) var caseOperations = 0
  let settings: Settings

  init(settings: Settings) {
    self.settings = settings
  }

  /// Nanoseconds one batch of `count` operations of `workload` took.
  func elapsed(_ workload: Workload, count: Int) -> Double {
    let start = clock.now
    let result = workload.run(count)
    let elapsed = start.duration(to: clock.now)
    checksum &+= result
    return elapsed.nanoseconds
  }

  /// The operations per batch for `workload`: its fixed count, or as many as fill one batch.
  /// Calibrating also warms the workload up.
  func batchSize(for workload: Workload) -> Int {
    if let fixed = workload.fixedOperations {
      _ = elapsed(workload, count: fixed)
      return fixed
    }
    if let fixed = settings.batchOperations {
      _ = elapsed(workload, count: fixed)
      return fixed
    }
    let target = settings.batchNanoseconds
    var count = 16
    while true {
      let nanoseconds = max(1, elapsed(workload, count: count))
      if nanoseconds >= target / 4 || count >= 1 << 30 {
        return max(1, Int(Double(count) * target / nanoseconds))
      }
      count *= 2
    }
  }

  /// Runs `baseline` and `subject` alternately, `repeats` batches each (swapping which goes
  /// first every round so both share the machine's noise) and returns the median nanoseconds
  /// per operation of each side.
  func compare(_ subject: Workload, against baseline: Workload, repeats: Int? = nil) -> PairTiming {
    if settings.caseOnly {
      return measureCaseOnly(subject, repeats: repeats ?? settings.repeats)
    }
    let subjectCount = batchSize(for: subject)
    let baselineCount = batchSize(for: baseline)
    var subjectSamples: [Double] = []
    var baselineSamples: [Double] = []
    for round in 0..<(repeats ?? settings.repeats) {
      let subjectFirst = !round.isMultiple(of: 2)
      if subjectFirst {
        subjectSamples.append(elapsed(subject, count: subjectCount) / Double(subjectCount))
      }
      baselineSamples.append(elapsed(baseline, count: baselineCount) / Double(baselineCount))
      if !subjectFirst {
        subjectSamples.append(elapsed(subject, count: subjectCount) / Double(subjectCount))
      }
    }
    return PairTiming(
      caseNanoseconds: subjectSamples.median, baselineNanoseconds: baselineSamples.median)
  }

  /// Runs only `subject` (warm-up, then `repeats` batches), counting its operations.
  private func measureCaseOnly(_ subject: Workload, repeats: Int) -> PairTiming {
    let count = batchSize(for: subject)
    var samples: [Double] = []
    for _ in 0..<repeats {
      samples.append(elapsed(subject, count: count) / Double(count))
    }
    caseOperations += count * (repeats + 1)
    return PairTiming(caseNanoseconds: samples.median, baselineNanoseconds: .nan)
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
