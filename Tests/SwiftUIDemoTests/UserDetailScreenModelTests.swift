import SignalsTesting
import Testing

@testable import SwiftUIDemo
@testable import UserFeature

/// What the SwiftUI detail screen decides.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct UserDetailScreenModelTests {
  @Test func aModelSwiftUIDropsHasMadeNoViewModel() {
    var made = 0
    let screen = UserDetailScreenModel {
      made += 1
      return UserDetailViewModel(userID: 7, client: DetailsClient(details: ControlledCall()))
    }
    #expect(made == 0)
    _ = screen.state.value
    _ = screen.viewModel
    #expect(made == 1)
  }

  @Test func closeDismissesAndAToastIsQueued() {
    let screen = UserDetailScreenModel {
      UserDetailViewModel(userID: 7, client: DetailsClient(details: ControlledCall()))
    }
    var dismissed = 0
    screen.handle(.toast("Couldn't reload"), dismiss: { dismissed += 1 })
    #expect(dismissed == 0)
    #expect(screen.toasts.current?.message == "Couldn't reload")
    screen.handle(.close, dismiss: { dismissed += 1 })
    #expect(dismissed == 1)
  }

  @Test func theTaskLoadsTheUserAndStopsItsRequestWhenCancelled() async {
    let details = ControlledCall<User.ID, User>()
    let screen = UserDetailScreenModel {
      UserDetailViewModel(userID: 7, client: DetailsClient(details: details))
    }
    let harness = ScreenHarness(tasks: TaskOwnerProbe(screen.viewModel.tasks))
    let state = harness.record(screen.viewModel.state, as: "state")
    _ = harness.record(screen.viewModel.events, as: "events")
    harness.watch(details, as: "details")

    let task = Task { await screen.runWhileVisible(dismiss: {}) }  // shown
    await harness.expect(state, .idle, .loading)
    #expect(details.requests == [7])
    task.cancel()  // popped
    await task.value
    await harness.expect(state, .idle)
    #expect(details.cancelledRequests == [7])
    await harness.finish()
  }
}
