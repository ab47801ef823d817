import SignalsConcurrency

/// `TaskOwner.run(key:for:_:then:)` at scale: N keyed starts, each under its own key (a key per
/// row or per file, as the documentation suggests), then `cancelAll()`. Per start, against
/// starting the same number of bare main-actor tasks: constant time per start shows as the
/// same per-start cost at N=1,000 and N=10,000 (issue 41: it was quadratic).
@MainActor
func measureKeyedTaskStarts(_ stopwatch: Stopwatch) -> [Row] {
  var perStart: [Double] = []
  var rows: [Row] = []
  for count in [1_000, 10_000] {
    let timing = stopwatch.compare(
      keyedStarts(count: count), against: bareTaskStarts(count: count),
      repeats: stopwatch.settings.scalingRepeats)
    perStart.append(timing.caseNanoseconds)
    rows.append(
      Row(
        "keyed task starts, N=\(grouped(count)) (per start)", value: timing.caseNanoseconds,
        baseline: "N bare Task { @MainActor }", baselineValue: timing.baselineNanoseconds))
  }
  if let first = perStart.first, let last = perStart.last {
    rows.append(
      Row(
        "per-start cost, N=10,000 / N=1,000", unit: .factor, value: last / first,
        target: .value(atMost: 3)))
  }
  return rows
}

/// The owner the tasks apply to: never touched (the tasks are cancelled before they run).
@MainActor private final class StartOwner {}

@MainActor private func keyedStarts(count: Int) -> Workload {
  Workload(fixedOperations: count) {
    let tasks = TaskOwner()
    let owner = StartOwner()
    for key in 0..<count {
      tasks.run(key: key, for: owner) {
        key
      } then: { _, _ in
      }
    }
    tasks.cancelAll()
    return count
  }
}

@MainActor private func bareTaskStarts(count: Int) -> Workload {
  Workload(fixedOperations: count) {
    var started: [Task<Int, Never>] = []
    started.reserveCapacity(count)
    for key in 0..<count {
      started.append(Task { @MainActor in key })
    }
    for task in started {
      task.cancel()
    }
    return started.count
  }
}
