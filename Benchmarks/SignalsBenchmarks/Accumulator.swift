import Synchronization

/// The work every handler in the benchmark does: add its argument to a running total.
///
/// Baselines and cases use the same accumulator, so a ratio measures only what sits between the
/// sender and the handler. `add` is a relaxed load and store, not a read-modify-write: the
/// cheapest handler a `@Sendable` closure can have. It is correct here because each accumulator
/// is fed by one thread at a time (a Signals stream never calls its handlers concurrently).
final class Accumulator: Sendable {
  private let total = Atomic<Int>(0)

  /// Adds `value` to the total (single writer at a time).
  @inline(__always)
  func add(_ value: Int) {
    total.store(total.load(ordering: .relaxed) &+ value, ordering: .relaxed)
  }

  /// The total so far; folded into the printed checksum so no work can be optimised away.
  var value: Int {
    total.load(ordering: .relaxed)
  }
}
