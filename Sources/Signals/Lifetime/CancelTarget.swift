/// Something that can end a subscription: the object behind a ``SubscriptionToken``.
/// Internal building block; an abstract base class.
///
/// A class rather than a protocol: the token holds it as one reference. An `any` protocol
/// existential is two words, which made every token a 48-byte heap block instead of 32 (16
/// bytes of each subscription's memory; docs/performance.md).
///
/// Subclasses are `final`, override all three members, and make both calls idempotent and safe
/// from any thread.
@usableFromInline
class CancelTarget: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: this class has no stored properties, and a non-final
  // class cannot be checked `Sendable`. The compiler does not check subclasses' storage either,
  // so each subclass keeps only `let`s of `Sendable` types (`Locked` or an atomic for what
  // changes) and says so.
  @usableFromInline
  init() {}

  /// Ends delivery without waiting for anything (see ``SubscriptionToken/cancel()``).
  @usableFromInline
  func cancel() {
    preconditionFailure("Signals internal error: CancelTarget.cancel() not overridden")
  }

  /// Ends delivery, then waits as ``SubscriptionToken/cancelAndWait()`` documents.
  @usableFromInline
  func cancelAndWait() {
    preconditionFailure("Signals internal error: CancelTarget.cancelAndWait() not overridden")
  }

  /// How many threads are parked in `cancelAndWait()` on the streams behind this target.
  @usableFromInline
  var parkedCancellers: Int {
    preconditionFailure("Signals internal error: CancelTarget.parkedCancellers not overridden")
  }
}
