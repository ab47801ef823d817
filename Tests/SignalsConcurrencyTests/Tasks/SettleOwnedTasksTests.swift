import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `settle(_:tasks:)` on a screen's owned tasks: once it returns, nothing more arrives, so the
/// recorders' values are the whole sequence (silence is settling, then the values unchanged),
/// asserted with no sleep.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SettleOwnedTasksTests {
  /// A screen with state, events, a debounced search on the test scheduler and owned tasks.
  @MainActor
  private final class Screen {
    let tasks = TaskOwner()
    let state = MutableProperty("idle")
    let events = EventSender<String>()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    private let typed = EventSender<String>()
    private var search: SubscriptionToken?

    init(scheduler: TestScheduler) {
      search = typed.stream.debounce(for: .milliseconds(300), scheduler: scheduler)
        .sink { [state] text in state.value = "searching \(text)" }
    }

    func type(_ text: String) {
      typed.send(text)
    }

    func load() {
      state.value = "loading"
      tasks.run(key: "load", for: self) { [call] in
        try await call.call("load")
      } then: { screen, result in
        screen.state.value = (try? result.get()) ?? "failed"
        screen.events.send("toast")
      }
    }
  }

  /// Released mid-request: the late answer changes nothing, and the assertion says so without
  /// waiting for a clock.
  // snippet: testing-silence
  @Test func nothingArrivesAfterTheScreenIsReleased() async throws {
    let scheduler = TestScheduler()
    var screen: Screen? = Screen(scheduler: scheduler)
    let call = try #require(screen).call
    let states = Recorder(try #require(screen).state.property)
    let events = Recorder(try #require(screen).events.stream)
    let tasks = TaskOwnerProbe(try #require(screen).tasks)
    screen?.load()
    screen?.type("a")
    await call.requests(count: 1)

    screen = nil
    call.resolve(0, with: "loaded")
    scheduler.advance(by: .seconds(1))  // the search pause would have ended

    await settle(scheduler, tasks: tasks)  // the cancelled task has returned
    #expect(states.values == ["idle", "loading"])  // and nothing more arrived
    #expect(events.values == [])
  }
  // snippet-end

  /// A task that applies its answer does so before `settle` returns, with its event.
  @Test func aTaskThatAppliesIsSettledWithWhatItSent() async throws {
    let screen = Screen(scheduler: TestScheduler())
    let states = Recorder(screen.state.property)
    let events = Recorder(screen.events.stream)
    screen.load()
    await screen.call.requests(count: 1)
    screen.call.resolve(0, with: "loaded")

    await settle(tasks: TaskOwnerProbe(screen.tasks))
    #expect(states.values == ["idle", "loading", "loaded"])
    #expect(events.values == ["toast"])
  }

  /// Work already queued on the main queue runs inside `settle`.
  @Test func aDeliveryQueuedOnTheMainQueueArrivesInsideSettle() async {
    let events = EventSender<Int>()
    let recorder = Recorder(events.stream)

    DispatchQueue.main.async { events.send(1) }
    await settle()
    #expect(recorder.values == [1])
  }

  @Test func aTaskThatNeverReturnsIsReportedAsUnsettled() async throws {
    let screen = Screen(scheduler: TestScheduler())
    screen.load()
    await screen.call.requests(count: 1)

    await withKnownIssue {
      await settle(tasks: TaskOwnerProbe(screen.tasks), timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "settle: could not settle: 1 task(s) still running after 0.02 seconds"
      ]
    }
    screen.call.resolve(0, with: "loaded")
    await settle(tasks: TaskOwnerProbe(screen.tasks))
  }
}
