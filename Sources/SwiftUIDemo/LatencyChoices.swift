import DemoShared

/// The latencies the SwiftUI settings offer: a few round values, and always the one in use.
///
/// A `Picker` shows a selection only when a tag equals it. `--latency` accepts any whole number
/// of milliseconds from 0 to 60,000 (``DemoSettings/latencyMilliseconds``), so a fixed list of
/// tags would show nothing selected for `--latency 3000`; the value in use is added to the list.
enum LatencyChoices {
  /// The values always offered, in milliseconds.
  static let standard = [0, 100, 400, 1000]

  /// ``standard`` and `current` (when the flags accept it), in milliseconds, ascending, once
  /// each.
  static func milliseconds(including current: Int) -> [Int] {
    let accepted = DemoSettings.latencyMilliseconds.contains(current) ? [current] : []
    return Set(standard + accepted).sorted()
  }
}

extension DemoSettings {
  /// ``latency`` in whole milliseconds, the unit of `--latency` and of the latency picker's
  /// tags. Setting it sets ``latency``.
  var latencyInMilliseconds: Int {
    get {
      let (seconds, attoseconds) = latency.components
      return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
    set {
      latency = .milliseconds(newValue)
    }
  }
}
