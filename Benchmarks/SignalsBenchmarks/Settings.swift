/// How much work each measurement does.
struct Settings {
  /// Timed batches per side of each comparison (after one warm-up batch each).
  let repeats: Int
  /// Divides the number of operations per batch.
  let divisor: Int

  static let full = Settings(repeats: 15, divisor: 1)
  static let quick = Settings(repeats: 5, divisor: 5)

  /// `full` operations per batch in a full run, fewer in a quick one (at least 1).
  func operations(_ full: Int) -> Int {
    max(1, full / divisor)
  }
}
