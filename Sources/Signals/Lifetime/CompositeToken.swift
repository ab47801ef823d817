/// Cancels several subscriptions in order, as one. Operators holding several, like `combineLatest`,
/// list first the stage that calls the user's handler, so it stops before its sources do. Two
/// parts, nested for more: a relay's pair (every `receive(on:)`) needs no array.
@usableFromInline
final class CompositeToken: SubscriptionToken, @unchecked Sendable {
  // `@unchecked Sendable` is sound as for the superclass: two stored `let`s, of a `Sendable` type.
  private let first: SubscriptionToken, second: SubscriptionToken

  @usableFromInline
  init(_ first: SubscriptionToken, _ second: SubscriptionToken) {
    (self.first, self.second) = (first, second)
    super.init()
  }

  /// `parts` (at least one) in order: the first, then the rest nested.
  convenience init(_ parts: [SubscriptionToken]) {
    let rest = parts.dropFirst()
    self.init(
      parts[0], rest.count > 1 ? CompositeToken(Array(rest)) : rest.first ?? SubscriptionToken())
  }

  deinit { cancel() }

  override func cancel() {
    first.cancel()
    second.cancel()
  }

  override func checkInvariants() {
    first.checkInvariants()
    second.checkInvariants()
  }
}
