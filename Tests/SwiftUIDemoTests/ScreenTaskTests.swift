import Signals
import SignalsConcurrency
import SignalsTesting
import Testing

@testable import SwiftUIDemo
@testable import UserFeature

/// What a SwiftUI screen's `.task { await viewModel.runWhileVisible { … } }` does, run here as
/// SwiftUI runs it: a task started when the view appears and cancelled when it goes away.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenTaskTests {
  @Test func theTaskLoadsHandsOverEventsAndStopsTheWorkWhenCancelled() async {
    let pages = ControlledCall<Int, UserPage>()
    let viewModel = UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler())
    let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    let state = screen.record(viewModel.state, as: "state")
    let handled = EventSender<UserListEvent>()
    let events = screen.record(handled.stream, as: "handled")
    screen.watch(pages, as: "pages")

    let task = Task { await viewModel.runWhileVisible { handled.send($0) } }  // the view appears
    await screen.expect(state, .idle, .loading(query: ""))  // the first load is in flight
    viewModel.select(Self.ann)
    await screen.expect(events, .showDetail(Self.ann.id))

    task.cancel()  // the view goes away
    await task.value
    await screen.expect(state, .idle)
    #expect(pages.cancelledRequests == [1], "the request did not outlive the view")
    await screen.finish()
  }

  @Test func anEventSentAfterTheViewWentAwayReachesNobody() async {
    let pages = ControlledCall<Int, UserPage>()
    let viewModel = UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler())
    let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    let state = screen.record(viewModel.state, as: "state")
    let handled = EventSender<UserListEvent>()
    _ = screen.record(handled.stream, as: "handled")
    screen.watch(pages, as: "pages")
    let task = Task { await viewModel.runWhileVisible { handled.send($0) } }
    await screen.expect(state, .idle, .loading(query: ""))
    task.cancel()
    await task.value
    await screen.expect(state, .idle)

    viewModel.select(Self.ann)  // the loop ended with the task: nobody hands it over
    await screen.finish()  // fails if "handled" got it: events are not kept for later
  }

  private static let ann = Fixtures.ann
}
