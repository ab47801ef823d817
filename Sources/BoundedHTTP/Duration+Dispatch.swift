import Dispatch
import Foundation

extension Duration {
  /// Whole seconds, rounding any fraction up.
  var wholeSecondsRoundedUp: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0))
  }

  /// This duration as a dispatch interval, in whole nanoseconds; negative durations become
  /// zero, and one too long for Dispatch (about 292 years) becomes the longest it takes. The
  /// same rule as Signals' `DispatchQueueScheduler` (a copy: this target depends on nothing).
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let maxSeconds = Int64(Int.max / 1_000_000_000) - 1
    let clamped = min(seconds, maxSeconds)
    return .nanoseconds(Int(clamped) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
