import SignalsTestSupport
import SignalsTesting

/// The reliability tests' helpers on `SplitMix64` (from SignalsTesting). A seed printed by a
/// failing run reproduces the same program on every platform and toolchain: every helper below
/// maps the raw 64-bit output to a range the same way.
extension SplitMix64 {
  /// A number in `0..<bound` (`bound > 0`). Uses a plain modulo: the tiny bias is irrelevant for
  /// test generation, and unlike the standard library's range sampling the mapping can never
  /// change between toolchains.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "SplitMix64.below: bound must be positive")
    return Int(next() % UInt64(bound))
  }

  /// A number in `range` (non-empty).
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// The seed of the `index`-th program of a run started from `base`. Program 0 uses `base`
  /// itself, so a failing program's seed replays it alone with `SIGNALS_MBT_PROGRAMS=1`.
  static func programSeed(base: UInt64, index: Int) -> UInt64 {
    base &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03
  }
}
