import Signals
import SignalsConcurrency
import Testing

/// Exercise 1 (the guide's anti-pattern 7.1, a toast kept in state): what a save screen needs
/// from its view model.
public protocol SavingModel: Sendable {
  /// A view model with nothing saved yet.
  init()
  /// Saves; every screen bound at that moment shows the toast "Saved" once.
  func save()
  /// Binds a screen: `show` receives every toast the screen must show, until the token ends.
  func bindToasts(_ show: @escaping @Sendable (String) -> Void) -> SubscriptionToken
}

/// The checks of exercise 1, run against the exercise's model and against its solution.
public enum SavingChecks: String, CaseIterable, Sendable {
  /// A screen that binds after the save (built again, a window opened later) shows no old toast.
  case aScreenThatBindsAfterTheSaveShowsNothing
  /// A screen built again still shows the next save, once.
  case aRebuiltScreenShowsTheNextSaveOnce

  /// Runs this check against a new `Model`.
  public func run<Model: SavingModel>(_: Model.Type) async throws {
    let model = Model()
    let first = ShownLog<String>()
    let firstToken = model.bindToasts(first.append)
    model.save()
    firstToken.cancel()  // the screen goes away
    let second = ShownLog<String>()
    let secondToken = model.bindToasts(second.append)  // and a new one binds
    defer { secondToken.cancel() }
    #expect(first.values == ["Saved"])
    switch self {
    case .aScreenThatBindsAfterTheSaveShowsNothing:
      #expect(second.values == [], "the new screen showed a toast from before it existed")
    case .aRebuiltScreenShowsTheNextSaveOnce:
      model.save()
      #expect(second.values == ["Saved"])
    }
  }
}
