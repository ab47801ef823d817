import Signals
import SignalsConcurrency
import SignalsTesting
import Testing
import UserFeature

@testable import SwiftUIDemo

/// What a SwiftUI screen's `.task { await viewModel.runWhileVisible { … } }` does, run here as
/// SwiftUI runs it: a task started when the view appears and cancelled when it goes away.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenTaskTests {
  // snippet: screen-task-test
  @Test func theTaskLoadsHandsOverEventsAndStopsTheWorkWhenCancelled() async throws {
    let pages = ControlledCall<Int, UserPage>()
    let viewModel = UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler())
    let handled = EventSender<UserListEvent>()
    let events = Recorder(handled.stream)

    let task = Task { await viewModel.runWhileVisible { handled.send($0) } }  // the view appears
    _ = try await pages.requests(count: 1)  // the first load is in flight
    viewModel.select(Self.ann)
    #expect(try await events.next() == .showDetail(Self.ann.id))

    task.cancel()  // the view goes away
    await task.value
    #expect(pages.cancelledIndices == [0], "the request did not outlive the view")
    #expect(viewModel.state.value == .idle)
  }
  // snippet-end

  @Test func anEventSentAfterTheViewWentAwayReachesNobody() async throws {
    let pages = ControlledCall<Int, UserPage>()
    let viewModel = UserListViewModel(client: PagesClient(pages), scheduler: TestScheduler())
    let handled = EventSender<UserListEvent>()
    let events = Recorder(handled.stream)
    let task = Task { await viewModel.runWhileVisible { handled.send($0) } }
    _ = try await pages.requests(count: 1)
    task.cancel()
    await task.value

    viewModel.select(Self.ann)
    #expect(events.values == [], "the loop ended with the task; events are not kept for later")
  }

  private static let ann = Fixtures.ann
}
