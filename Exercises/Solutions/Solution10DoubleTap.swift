import ExerciseChecks
import Signals
import Testing

// Solution to exercise 10 (a double tap). The container owns what is presented, so the guard is
// the container's answer to "am I still on top?", as in UIKit:
// `guard navigationController?.topViewController === self else { return }`. The first push puts
// the detail on top at once, so the second request is ignored; after Back the list is on top
// again and the next tap pushes.

/// RIGHT: pushes only while this screen is the top one.
@MainActor
final class ContactListScreen: DetailPushingScreen {
  private let navigation: FakeNavigationController

  init(navigation: FakeNavigationController) {
    self.navigation = navigation
  }

  func showDetail(_ id: Int) {
    guard navigation.topViewController === self else { return }
    navigation.pushViewController(DetailScreen(id: id))
  }
}

@Suite struct Solution10 {
  @Test(arguments: DoubleTapChecks.allCases)
  func check(_ check: DoubleTapChecks) async throws {
    try await check.run(ContactListScreen.self)
  }
}
