/// A seeded pseudo-random number generator (SplitMix64; Steele, Lea and Flood, 2014) for tests
/// and benchmarks: a seed printed by a failing run reproduces the same choices on every platform
/// and toolchain (`SystemRandomNumberGenerator` cannot be seeded). Not for anything that needs
/// unpredictability.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose output is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 pseudo-random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
