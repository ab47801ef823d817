import Signals
import Testing

/// A navigation controller as UIKit's behaves for this exercise: `pushViewController` puts the
/// new screen on top at once (`topViewController` changes when the push starts, before its
/// animation), and `popViewController` takes it off.
@MainActor
public final class FakeNavigationController {
  /// Every screen on the stack, the root first.
  public private(set) var viewControllers: [AnyObject] = []
  /// The ids of the detail screens pushed, in order.
  public private(set) var pushedDetails: [Int] = []

  /// An empty stack.
  public init() {}

  /// The screen on top.
  public var topViewController: AnyObject? { viewControllers.last }

  /// Puts `screen` on top; a detail screen records its id.
  public func pushViewController(_ screen: AnyObject) {
    viewControllers.append(screen)
    if let detail = screen as? DetailScreen { pushedDetails.append(detail.id) }
  }

  /// Back: takes the top screen off.
  public func popViewController() {
    _ = viewControllers.popLast()
  }
}

/// The detail screen a list pushes.
@MainActor
public final class DetailScreen {
  /// The user it shows.
  public let id: Int

  /// The detail screen of user `id`.
  public init(id: Int) {
    self.id = id
  }
}

/// Exercise 10 (the guide's hard case "a double tap"): a list screen, bound once as a UIKit
/// screen binds in `viewDidLoad`, that receives `showDetail` requests from its view model.
@MainActor
public protocol DetailPushingScreen: AnyObject {
  /// A list screen inside `navigation`.
  init(navigation: FakeNavigationController)
  /// The view model asked to open the detail of `id` (the event handler of `bind()`).
  func showDetail(_ id: Int)
}

/// The checks of exercise 10, run against the exercise's screen and against its solution.
public enum DoubleTapChecks: String, CaseIterable, Sendable {
  /// Two selections before the transition starts (a double tap, two rows at once) push one
  /// detail screen.
  case twoSelectionsPushOneDetail
  /// After Back, the next selection pushes a detail again.
  case afterBackTheNextSelectionPushesAgain

  /// Runs this check against a new `Screen`.
  @MainActor
  public func run<Screen: DetailPushingScreen>(_: Screen.Type) async throws {
    let navigation = FakeNavigationController()
    let list = Screen(navigation: navigation)
    navigation.pushViewController(list)
    list.showDetail(1)
    list.showDetail(2)  // the second tap arrives before the push's animation began
    #expect(navigation.pushedDetails == [1], "two detail screens were pushed")
    if self == .afterBackTheNextSelectionPushesAgain {
      navigation.popViewController()
      list.showDetail(3)
      #expect(navigation.pushedDetails.last == 3, "after Back, a tap opened nothing")
    }
  }
}
