import Signals
import SignalsConcurrency
import Testing

/// Exercise 2 (anti-pattern 7.2, a sticky navigation flag): what a list screen needs from its
/// view model to open the detail screen.
///
/// Both fixes the guide teaches pass: the tap sent as an event (the container owns what is
/// presented), or a destination the view model owns as state and clears in `dismissed()`.
public protocol RowNavigationModel: Sendable {
  /// A view model whose list nobody has tapped yet.
  init()
  /// The user tapped a row: the detail screen must open, once.
  func rowTapped()
  /// The user closed the detail screen (Back). A model whose navigation container owns the
  /// presented screen has nothing to do here: the default does nothing.
  func dismissed()
  /// Binds the list screen: `push` receives each screen to open, until the token ends.
  func bindNavigation(_ push: @escaping @Sendable (String) -> Void) -> SubscriptionToken
}

extension RowNavigationModel {
  /// Does nothing: the default for a model whose container owns the presented screen.
  public func dismissed() {}
}

/// The checks of exercise 2, run against the exercise's model and against its solution.
public enum RowNavigationChecks: String, CaseIterable, Sendable {
  /// After Back, the list binds again and must not open the detail again.
  case backDoesNotReopenTheDetail
  /// Each tap opens the detail once, also after coming back.
  case everyTapOpensTheDetailOnce

  /// Runs this check against a new `Model`.
  public func run<Model: RowNavigationModel>(_: Model.Type) async throws {
    let model = Model()
    let navigator = ShownLog<String>()
    let visible = model.bindNavigation(navigator.append)  // the list appears
    model.rowTapped()  // the user opens the detail
    visible.cancel()  // the detail covers the list
    model.dismissed()  // the user goes Back
    let visibleAgain = model.bindNavigation(navigator.append)  // the list appears again
    defer { visibleAgain.cancel() }
    switch self {
    case .backDoesNotReopenTheDetail:
      #expect(navigator.values == ["detail"], "Back opened the detail screen again")
    case .everyTapOpensTheDetailOnce:
      model.rowTapped()
      #expect(navigator.values == ["detail", "detail"], "the second tap did not open it once")
    }
  }
}
