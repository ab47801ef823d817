import Foundation
import SignalsTestSupport
import SignalsTesting

/// Knobs of the reliability tests, read from the environment so a failure can be replayed and a
/// CI job can widen the search without editing code.
///
/// - `SIGNALS_MBT_SEED`: base seed of the model-based run (decimal or `0x` hex). Default: a fixed
///   seed, so a plain `swift test` always runs the same programs.
/// - `SIGNALS_MBT_PROGRAMS`: how many programs the model-based run generates. Default 10,000.
///   Program `i` uses seed `SplitMix64.programSeed(base:index:)`; program 0 uses the base seed
///   itself, so `SIGNALS_MBT_SEED=<printed seed> SIGNALS_MBT_PROGRAMS=1` replays one program.
enum ReliabilitySettings {
  static let defaultSeed: UInt64 = 0x5167_4E41_4C53_2026
  static let defaultProgramCount = 10_000

  static var modelBasedSeed: UInt64 {
    environment("SIGNALS_MBT_SEED").flatMap(parseUInt64) ?? defaultSeed
  }

  static var modelBasedProgramCount: Int {
    environment("SIGNALS_MBT_PROGRAMS").flatMap { Int($0) }.map { max(0, $0) }
      ?? defaultProgramCount
  }

  private static func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name].map {
      $0.trimmingCharacters(in: .whitespaces)
    }.flatMap { $0.isEmpty ? nil : $0 }
  }

  private static func parseUInt64(_ text: String) -> UInt64? {
    let lowered = text.lowercased()
    if lowered.hasPrefix("0x") {
      return UInt64(lowered.dropFirst(2).replacingOccurrences(of: "_", with: ""), radix: 16)
    }
    return UInt64(lowered.replacingOccurrences(of: "_", with: ""))
  }
}
