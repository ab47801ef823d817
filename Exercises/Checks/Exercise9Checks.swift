import Signals
import SignalsConcurrency
import Testing

/// A message the user must see, as the screen receives it.
public struct PendingMessage: Equatable, Sendable {
  /// Identifies the message when the screen acknowledges it.
  public let id: Int
  /// What the screen shows.
  public let text: String

  /// A message `text`, identified by `id`.
  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}

/// Exercise 9 (the guide's hard case "an outcome that must not be lost"): a payment result that
/// can arrive while no screen is bound, shown one at a time and acknowledged when the user has
/// seen it.
public protocol PaymentResultModel: Sendable {
  /// A view model with no result yet.
  init()
  /// The payment finished; no screen may be bound at this moment.
  func paymentFinished(_ text: String)
  /// The user dismissed message `id`: now it has been seen.
  func messageShown(_ id: Int)
  /// Binds a screen: `show` receives the message to show now (the oldest one the user has not
  /// seen), or `nil` when there is none, until the token ends.
  func bindMessages(_ show: @escaping @Sendable (PendingMessage?) -> Void) -> SubscriptionToken
}

/// The checks of exercise 9, run against the exercise's model and against its solution.
public enum PaymentResultChecks: String, CaseIterable, Sendable {
  /// A result that arrives while no screen is bound is shown when a screen binds.
  case aResultWhileNoScreenIsBoundIsShownWhenOneBinds
  /// Two results are shown in order, one at a time: the second after the first is dismissed.
  case twoResultsAreShownInOrderOneAtATime
  /// A dismissed result is not shown again by a rebuilt screen.
  case aDismissedResultIsNotShownAgain

  /// Runs this check against a new `Model`.
  public func run<Model: PaymentResultModel>(_: Model.Type) async throws {
    let model = Model()
    let screen = ShownLog<PendingMessage?>()
    switch self {
    case .aResultWhileNoScreenIsBoundIsShownWhenOneBinds:
      model.paymentFinished("Payment accepted")  // the screen is covered, or not built yet
      let token = model.bindMessages(screen.append)
      defer { token.cancel() }
      #expect(screen.values.last??.text == "Payment accepted", "the result was lost")
    case .twoResultsAreShownInOrderOneAtATime:
      let token = model.bindMessages(screen.append)
      defer { token.cancel() }
      model.paymentFinished("First")
      model.paymentFinished("Second")
      let first = try #require(screen.values.last ?? nil, "nothing is shown")
      #expect(first.text == "First", "the second result replaced the first before it was seen")
      model.messageShown(first.id)
      #expect(screen.values.last??.text == "Second")
    case .aDismissedResultIsNotShownAgain:
      model.paymentFinished("Payment accepted")
      let token = model.bindMessages(screen.append)
      let shown = try #require(screen.values.last ?? nil, "the result was lost")
      model.messageShown(shown.id)
      token.cancel()
      let rebuilt = ShownLog<PendingMessage?>()
      let rebuiltToken = model.bindMessages(rebuilt.append)
      defer { rebuiltToken.cancel() }
      #expect(rebuilt.values.allSatisfy { $0 == nil }, "a seen result was shown again")
    }
  }
}
