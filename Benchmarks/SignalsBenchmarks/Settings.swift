/// How much work each measurement does.
struct Settings {
  /// Timed batches per side of each comparison.
  let repeats: Int
  /// Timed batches per side for the scaling cases, whose batches are long (100,000
  /// subscriptions or deliveries each).
  let scalingRepeats: Int
  /// How long a calibrated batch should take, in nanoseconds: short, so that most batches run
  /// without being preempted on a busy machine.
  let batchNanoseconds: Double
  /// When set, every calibrated workload runs exactly this many operations per batch.
  var batchOperations: Int?
  /// When true, comparisons run only their case side: the baseline's figures are `nan`.
  var caseOnly = false

  static let full = Settings(repeats: 61, scalingRepeats: 21, batchNanoseconds: 1_000_000)
  static let quick = Settings(repeats: 15, scalingRepeats: 5, batchNanoseconds: 500_000)
}
