import Signals
import SignalsTesting
import Testing

@testable import UserFeature

/// The view models' tracing hook: an event sent while nobody is subscribed is reported once, on
/// the main actor; an event somebody receives is not.
@MainActor
@Suite struct DroppedEventReportTests {
  /// Collects what the hook reports.
  @MainActor
  final class Reports<Event: Sendable> {
    private(set) var events: [Event] = []

    /// The hook to give a view model.
    var hook: @MainActor @Sendable (Event) -> Void {
      { [self] event in events.append(event) }
    }
  }

  @Test func aListEventNobodyReceivesIsReportedAndOneSomebodyReceivesIsNot() {
    let reports = Reports<UserListEvent>()
    let viewModel = UserListViewModel(
      client: ControlledUserClient(serving: .pages), scheduler: TestScheduler(),
      onDroppedEvent: reports.hook)

    viewModel.select(TestUsers.user(7))
    let subscriber = Recorder(viewModel.events)
    viewModel.select(TestUsers.user(8))

    #expect(reports.events == [.showDetail(7)])
    #expect(subscriber.values == [.showDetail(8)])
  }

  @Test func aDetailEventNobodyReceivesIsReportedAndOneSomebodyReceivesIsNot() {
    let reports = Reports<UserDetailEvent>()
    let viewModel = UserDetailViewModel(
      userID: 1, client: ControlledUserClient(serving: .users), onDroppedEvent: reports.hook)

    viewModel.back()
    let subscriber = Recorder(viewModel.events)
    viewModel.back()

    #expect(reports.events == [.close])
    #expect(subscriber.values == [.close])
  }
}
