/// Cancels several subscriptions in order, as one. Used by operators that hold more than one
/// subscription (for example `combineLatest`); they list the stage that calls the user's
/// handler first, so that it stops before its sources do.
final class CompositeToken: SubscriptionToken, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound (restated from its superclass): the one stored property is a `let`
  // of a `Sendable` type.
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
}

extension SubscriptionToken {
  /// One token that cancels `parts` in order. Each part is itself idempotent, so the whole is.
  @usableFromInline
  static func combining(_ parts: SubscriptionToken...) -> SubscriptionToken {
    CompositeToken(parts)
  }
}
