import SignalsTestSupport
import SignalsTesting
import Testing

/// Model-based randomized test: thousands of seeded random programs, each run against Signals
/// and against ``ModelInterpreter``; every subscriber's emission log must match, the final
/// property values must match, and everything released must be deallocated.
///
/// Override the run with `SIGNALS_MBT_SEED` and `SIGNALS_MBT_PROGRAMS` (see
/// ``ReliabilitySettings``). A failure records the original seed, a replay command and a
/// shrunk program.
@Suite(.dedicatedThread) struct ModelBasedReliabilityTests {
  /// Programs are split round-robin into shards that Swift Testing runs in parallel.
  static let shardCount = 4
  /// After this many failing programs a shard stops: each report already carries a shrunk
  /// program, and shrinking many failures of one bug only costs time.
  static let reportedFailuresPerShard = 2

  @Test(arguments: 0..<shardCount)
  func randomProgramsMatchTheReferenceModel(shard: Int) {
    let base = ReliabilitySettings.modelBasedSeed
    let count = ReliabilitySettings.modelBasedProgramCount
    var programs = 0
    var actions = 0
    var entries = 0
    var failures = 0
    for index in stride(from: shard, to: count, by: Self.shardCount) {
      let program = ProgramGenerator.program(seed: SplitMix64.programSeed(base: base, index: index))
      programs += 1
      actions += program.size
      let (problems, logged) = ModelCheck.check(program)
      entries += logged
      guard !problems.isEmpty else { continue }
      Issue.record(Comment(rawValue: ModelCheck.report(original: program, problems: problems)))
      failures += 1
      if failures == Self.reportedFailuresPerShard { break }
    }
    print(
      "model-based shard \(shard): \(programs) programs (\(actions) actions) from base seed "
        + "\(hex(base)), \(entries) log entries checked, \(failures) failing")
    #expect(programs == (count + Self.shardCount - 1 - shard) / Self.shardCount || failures > 0)
  }
}
