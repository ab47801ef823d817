import ConsoleKit

/// A stack of screens, like `UINavigationController`: only the top screen is bound and draws.
///
/// Pushing covers the top screen (it unbinds) and loads the new one; popping unbinds and drops
/// the top screen, so it and its view model are released, and re-binds the one below, which
/// draws its current state again.
@MainActor
final class ScreenStack {
  /// Where the screens draw.
  let display: any Display
  private(set) var screens: [ConsoleViewController] = []
  private let changed: @MainActor () -> Void

  /// - Parameter changed: called whenever the top screen changes or draws new state.
  init(display: any Display, changed: @escaping @MainActor () -> Void = {}) {
    self.display = display
    self.changed = changed
  }

  /// The screen on top, the one that is bound and draws.
  var top: ConsoleViewController? {
    screens.last
  }

  /// Covers the top screen with `screen` and loads it.
  func push(_ screen: ConsoleViewController) {
    precondition(screen.screenStack == nil, "ScreenStack.push: screen already pushed")
    top?.viewDidDisappear()
    screens.append(screen)
    screen.screenStack = self
    screen.viewDidLoad()
    changed()
  }

  /// Removes the top screen and shows the one below. The root screen stays: returns `false`
  /// (and does nothing) when only one screen is left.
  @discardableResult
  func pop() -> Bool {
    guard screens.count > 1 else { return false }
    let leaving = screens.removeLast()
    leaving.viewDidDisappear()
    leaving.screenStack = nil
    top?.viewWillAppear()
    changed()
    return true
  }

  /// Removes every screen (the app is exiting).
  func removeAll() {
    while let leaving = screens.popLast() {
      leaving.viewDidDisappear()
      leaving.screenStack = nil
    }
  }

  /// For screens: their drawn state changed.
  func screenDidChange() {
    changed()
  }
}
