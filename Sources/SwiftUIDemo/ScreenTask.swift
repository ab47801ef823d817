import Signals
import SignalsObservation
import UserFeature

extension UserListViewModel {
  /// A SwiftUI list screen's whole life as one async call, for `.task { … }`, which SwiftUI
  /// starts when the view appears and cancels when it goes away.
  ///
  /// Subscribes to ``UserListViewModel/events`` first (events are never replayed, so before
  /// anything can send one), starts the first load, and hands every event to `handle` on the
  /// main actor until the task is cancelled (SignalsObservation's `consume(startingWith:_:)`);
  /// then stops the view model's work (``cancel()``), so no request outlives the screen.
  /// Returns only after that.
  func runWhileVisible(handling handle: @MainActor (UserListEvent) -> Void) async {
    // snippet: screen-task
    await events.consume(startingWith: { self.load() }, handle)  // subscribes, then loads
    cancel()  // it returns when the task is cancelled: the view went away
    // snippet-end
  }
}

extension UserDetailViewModel {
  /// A SwiftUI detail screen's whole life as one async call, for `.task { … }`: as
  /// ``UserListViewModel/runWhileVisible(handling:)``, loading the user and stopping its
  /// request when the view goes away.
  func runWhileVisible(handling handle: @MainActor (UserDetailEvent) -> Void) async {
    await events.consume(startingWith: { self.load() }, handle)
    cancel()
  }
}
