import Foundation
import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which requests a ``FailureInjectingClient`` fails, and with what error: the demos'
/// `--fail-rate` and the failing preview.
///
/// The decision gets the request's number (0 for the client's first request, counting both
/// methods), so failures can be scripted exactly or drawn from an injected random source.
public struct FailurePolicy: Sendable {
  /// The error used by the built-in policies: a lost connection, as a live client reports it.
  public static let defaultError = UserClientError.transport(URLError(.networkConnectionLost))

  private let decide: @Sendable (_ requestNumber: Int) -> (any Error)?

  /// A policy that fails request `n` with `decide(n)`, or lets it succeed when that is `nil`.
  public init(_ decide: @escaping @Sendable (_ requestNumber: Int) -> (any Error)?) {
    self.decide = decide
  }

  /// The error for request number `requestNumber`, or `nil` to let it succeed.
  public func error(forRequest requestNumber: Int) -> (any Error)? {
    decide(requestNumber)
  }

  /// Every request succeeds.
  public static var never: FailurePolicy {
    FailurePolicy { _ in nil }
  }

  /// Every request fails with `error`.
  public static func always(_ error: any Error = defaultError) -> FailurePolicy {
    FailurePolicy { _ in error }
  }

  /// Exactly the requests numbered in `requestNumbers` fail, with `error` (a scripted sequence).
  public static func requests(
    _ requestNumbers: Set<Int>, error: any Error = defaultError
  ) -> FailurePolicy {
    FailurePolicy { requestNumbers.contains($0) ? error : nil }
  }

  /// This policy, except that the first `count` requests always succeed: the demo's
  /// `--fail-rate` spares the first load, so there is a list whose refresh can fail.
  public func sparing(firstRequests count: Int) -> FailurePolicy {
    precondition(count >= 0, "FailurePolicy.sparing: negative count \(count)")
    let policy = self
    return FailurePolicy { number in
      number < count ? nil : policy.error(forRequest: number)
    }
  }

  /// Each request fails with probability `rate` (0...1): it fails when `random()` returns a
  /// number below `rate`. Inject `random` (returning values in `0..<1`) for repeatable runs.
  public static func randomly(
    rate: Double,
    error: any Error = defaultError,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) -> FailurePolicy {
    precondition((0...1).contains(rate), "FailurePolicy.randomly: rate \(rate) not in 0...1")
    return FailurePolicy { _ in random() < rate ? error : nil }
  }
}
