/// Cancels several subscriptions in order, as one. Operators holding several, like `combineLatest`,
/// list first the stage that calls the user's handler, so it stops before its sources do.
final class CompositeToken: SubscriptionToken, @unchecked Sendable {
  // `@unchecked Sendable` is sound as for the superclass: one stored `let`, of a `Sendable` type.
  private let parts: [SubscriptionToken]

  init(_ parts: [SubscriptionToken]) {
    self.parts = parts
    super.init()
  }

  deinit {
    cancel()
  }

  override func cancel() {
    for part in parts {
      part.cancel()
    }
  }

  override func checkInvariants() {
    for part in parts { part.checkInvariants() }
  }
}

extension SubscriptionToken {
  /// One token that cancels `parts` in order. Each part is itself idempotent, so the whole is.
  @usableFromInline
  static func combining(_ parts: SubscriptionToken...) -> SubscriptionToken {
    CompositeToken(parts)
  }
}
