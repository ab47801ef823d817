import Dispatch
import Foundation

extension Duration {
  /// Whole seconds, rounding any fraction up.
  var wholeSecondsRoundedUp: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0))
  }

  /// This duration for Dispatch, in nanoseconds; negative durations become zero.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow, nanoseconds.partialValue <= Int64(Int.max) else { return .never }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}
