import SignalsTesting

/// The indices `0..<count` in a fixed pseudo-random order.
func shuffledIndices(count: Int, seed: UInt64) -> [Int] {
  var generator = SplitMix64(seed: seed)
  return Array(0..<count).shuffled(using: &generator)
}
