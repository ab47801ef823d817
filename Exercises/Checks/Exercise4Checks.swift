import Signals
import SignalsConcurrency
import Testing

/// Exercise 4 (anti-pattern 7.3, a retain cycle): a screen that renders a count while it is
/// bound.
public protocol CountScreenModel: AnyObject, Sendable {
  /// A screen showing `count`, drawing each text with `render`.
  init(count: Property<Int>, render: @escaping @Sendable (String) -> Void)
  /// Subscribes, like `viewDidLoad`: renders "Count: N" for the current count and each change.
  func bind()
  /// Ends every subscription, like `viewDidDisappear`.
  func unbind()
}

/// The checks of exercise 4, run against the exercise's model and against its solution.
public enum CountScreenChecks: String, CaseIterable, Sendable {
  /// Once nothing outside refers to a bound screen, it is freed.
  case aDismissedScreenIsFreed
  /// A dismissed screen renders nothing more.
  case aDismissedScreenRendersNothingMore

  /// Runs this check against a new `Model`.
  public func run<Model: CountScreenModel>(_: Model.Type) async throws {
    let count = MutableProperty(0)
    let rendered = ShownLog<String>()
    weak var dismissed: Model?
    do {
      let screen = Model(count: count.property, render: rendered.append)
      screen.bind()
      dismissed = screen
    }  // the last outside reference is gone: the screen was dismissed
    count.value = 1
    switch self {
    case .aDismissedScreenIsFreed:
      #expect(dismissed == nil, "the dismissed screen is still alive: something holds it")
    case .aDismissedScreenRendersNothingMore:
      #expect(rendered.values == ["Count: 0"], "the dismissed screen kept rendering")
    }
    dismissed?.unbind()  // if it leaked, break the cycle so the test process does not leak
  }
}
