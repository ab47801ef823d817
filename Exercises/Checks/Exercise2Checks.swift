import Signals
import Testing

/// Exercise 2 (anti-pattern 3.2, a sticky navigation flag): what a list screen needs from its
/// view model to open the detail screen.
public protocol RowNavigationModel: Sendable {
  /// A view model whose list nobody has tapped yet.
  init()
  /// The user tapped a row: the detail screen must open, once.
  func rowTapped()
  /// Binds the list screen: `push` receives each screen to open, until the token ends.
  func bindNavigation(_ push: @escaping @Sendable (String) -> Void) -> SubscriptionToken
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
    let visibleAgain = model.bindNavigation(navigator.append)  // Back: the list appears again
    defer { visibleAgain.cancel() }
    switch self {
    case .backDoesNotReopenTheDetail:
      #expect(navigator.values == ["detail"], "Back opened the detail screen again")
    case .everyTapOpensTheDetailOnce:
      model.rowTapped()
      #expect(navigator.values == ["detail", "detail"])
    }
  }
}
