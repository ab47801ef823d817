import Signals
import SignalsConcurrency
import Testing

/// Exercise 8 (the guide's hard case "navigation: the request is an event, the destination is
/// state"): a view model that must know what is presented, because a deep link can open the
/// detail before any screen is bound.
public protocol PresentingModel: Sendable {
  /// A view model with nothing presented.
  init()
  /// A tap on a row, or a deep link: present the detail of `id`.
  func open(_ id: Int)
  /// The user closed the detail (Back, a swipe).
  func dismissed()
  /// Binds a list screen: `present` receives what must be presented over the list (the id of a
  /// detail, or `nil` for nothing), until the token ends.
  func bindPresentation(_ present: @escaping @Sendable (Int?) -> Void) -> SubscriptionToken
}

/// The checks of exercise 8, run against the exercise's model and against its solution.
public enum PresentingChecks: String, CaseIterable, Sendable {
  /// A deep link handled before any screen is bound opens the detail once a screen binds.
  case aDeepLinkBeforeAnyScreenIsPresentedWhenOneBinds
  /// A screen rebuilt while the detail is open presents it again; after the user closed it, a
  /// rebuilt screen presents nothing.
  case aRebuiltScreenPresentsTheOpenDetailUntilItIsDismissed

  /// Runs this check against a new `Model`.
  public func run<Model: PresentingModel>(_: Model.Type) async throws {
    let model = Model()
    switch self {
    case .aDeepLinkBeforeAnyScreenIsPresentedWhenOneBinds:
      model.open(7)  // the app was opened from a link; no screen exists yet
      let screen = ShownLog<Int?>()
      let token = model.bindPresentation(screen.append)
      defer { token.cancel() }
      #expect(screen.values.last == 7, "the deep link was lost before the screen bound")
    case .aRebuiltScreenPresentsTheOpenDetailUntilItIsDismissed:
      let first = ShownLog<Int?>()
      let firstToken = model.bindPresentation(first.append)
      model.open(7)
      firstToken.cancel()  // the screen is torn down and built again (a restored scene)
      let rebuilt = ShownLog<Int?>()
      let rebuiltToken = model.bindPresentation(rebuilt.append)
      #expect(rebuilt.values.last == 7, "the rebuilt screen forgot the open detail")
      model.dismissed()
      rebuiltToken.cancel()
      let afterBack = ShownLog<Int?>()
      let afterBackToken = model.bindPresentation(afterBack.append)
      defer { afterBackToken.cancel() }
      #expect(afterBack.values.allSatisfy { $0 == nil }, "the closed detail opened again")
    }
  }
}
