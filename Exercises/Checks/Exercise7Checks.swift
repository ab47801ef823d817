import Signals
import SignalsConcurrency
import SignalsTesting
import Testing

/// What the user list of exercise 7 draws.
public enum DrawnList: Equatable, Sendable {
  /// "No users".
  case empty
  /// A spinner, nothing else.
  case spinner
  /// The users.
  case list([String])
  /// An error message with a Retry button.
  case error(String)
  /// A spinner over an error message: a screen that should never exist.
  case spinnerAndError(String)
}

/// Exercise 7 (anti-pattern 7.5, independent flags that contradict each other): a user list
/// that loads, fails and retries.
public protocol UserListModel: Sendable {
  /// A list that has loaded nothing yet.
  init()
  /// What the screen draws, one value per change.
  var drawn: Property<DrawnList> { get }
  /// A load starts (the first one, or a retry).
  func startLoading()
  /// The load succeeded with `users`.
  func finish(with users: [String])
  /// The load failed with `message`.
  func fail(_ message: String)
}

/// The checks of exercise 7, run against the exercise's model and against its solution.
public enum UserListChecks: String, CaseIterable, Sendable {
  /// Loading goes from the spinner straight to the list: no "No users" flash in between.
  case loadingGoesFromSpinnerStraightToTheList
  /// A retry after a failure shows the spinner alone, never a spinner over the old error.
  case aRetryShowsOnlyTheSpinner

  /// Runs this check against a new `Model`.
  public func run<Model: UserListModel>(_: Model.Type) async throws {
    let model = Model()
    let screen = Recorder(model.drawn)
    model.startLoading()
    switch self {
    case .loadingGoesFromSpinnerStraightToTheList:
      model.finish(with: ["Ada", "Grace"])
      #expect(screen.values == [.empty, .spinner, .list(["Ada", "Grace"])])
    case .aRetryShowsOnlyTheSpinner:
      model.fail("Offline")
      model.startLoading()
      #expect(screen.values == [.empty, .spinner, .error("Offline"), .spinner])
    }
  }
}
